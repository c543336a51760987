import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const API_TARGET = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

// Vendor groups change rarely, so they get their own long-cached chunks; pages stay split per route.
// Radix and lucide are left to the bundler so each page pulls only the primitives it uses.
const VENDOR_GROUPS: { name: string; test: RegExp }[] = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  { name: 'data', test: /[\\/]node_modules[\\/](@tanstack|zustand)[\\/]/ },
  { name: 'forms', test: /[\\/]node_modules[\\/](react-hook-form|@hookform|zod)[\\/]/ },
];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/json': { target: API_TARGET, changeOrigin: true },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/prerender.ts reads it to preload each prerendered page's chunks, then deletes it.
    manifest: true,
    rolldownOptions: {
      output: {
        // Rolldown's successor of manualChunks.
        codeSplitting: { groups: VENDOR_GROUPS },
      },
    },
  },
});

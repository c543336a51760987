import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// 127.0.0.1, not localhost: the API binds loopback IPv4 by default, and localhost may resolve to ::1 first.
const API_TARGET = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

// Vendor groups change rarely, so they get their own long-cached chunks; pages stay split per route.
// Radix and lucide are left to the bundler so each page pulls only the primitives it uses. The last two groups
// only save public pages requests (docs/benchmarks.md, "Public pages").
const CHUNK_GROUPS: { name: string; test?: RegExp; tags?: '$initial'[]; includeDependenciesRecursively?: boolean }[] = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  // TanStack Query serves the signed-in screens only (lib/query-provider.tsx); Zustand stays with the entry's stores.
  { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
  // react-hook-form with its zod resolver, which imports it: were the resolver in the validation chunk, the first
  // check of a light-form page (lazySchema) would fetch react-hook-form too.
  { name: 'forms', test: /[\\/]node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
  // Validation loads when a form first validates (lazySchema in src/lib/light-form.ts), not with the page.
  { name: 'validation', test: /[\\/]node_modules[\\/]zod[\\/]/ },
  // Everything else the entry imports statically (stores, the API client, cn, Lucide's base) joins the entry chunk
  // instead of a handful of small chunks every page would fetch separately.
  { name: 'boot', tags: ['$initial'] },
  // The pieces every form page uses beside react-hook-form, in one request instead of six.
  {
    name: 'form-kit',
    test: /[\\/]src[\\/](components[\\/]ui[\\/](input|form-field|label|ready-fieldset)|lib[\\/]light-mutation)\.tsx?$|[\\/]node_modules[\\/](@radix-ui[\\/]react-label|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]eye-off)[\\/.]/,
    // Not what they import (useHydrated, toasts, icons): other pages use those without any form.
    includeDependenciesRecursively: false,
  },
];

// React Router publishes a production build beside the development one its package exports point at;
// the browser bundle takes it (no dev-only warnings), the prerender keeps the default.
const require = createRequire(import.meta.url);
const routerDist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production');

export default defineConfig(({ command, isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: {
    alias:
      command === 'build' && !isSsrBuild
        ? [
            { find: /^react-router$/, replacement: path.join(routerDist, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: path.join(routerDist, 'dom-export.mjs') },
          ]
        : [],
  },
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
    // index.html keeps its preload links; lazy routes carry no preload lists, which otherwise make the entry
    // hold every chunk name of the app. A lazy page's imports load in parallel once its chunk arrives.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      output: {
        // Rolldown's successor of manualChunks.
        codeSplitting: { groups: CHUNK_GROUPS },
      },
    },
  },
}));

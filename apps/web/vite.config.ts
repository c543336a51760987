import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { PRODUCT_NAME } from '../../packages/shared/src/constants';
import { APP_ICONS, appIcons } from './scripts/app-icons';
import { chunkGroups } from './scripts/chunk-groups';
import { interFallback } from './scripts/font-fallback';

// 127.0.0.1, not localhost: the API binds loopback IPv4 by default, and localhost may resolve to ::1 first.
const API_TARGET = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

/** The brand's navy (index.css --color-primary): the browser's toolbar and the installed app's title bar. */
const THEME_COLOR = '#1e2a78';

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
  plugins: [
    react(),
    tailwindcss(),
    // Inter's fallback faces with its metrics, so the font swap does not move the page (scripts/font-fallback.ts).
    interFallback(),
    appIcons(),
    // The installable web app: manifest and service worker (docs/decisions, "installable web app").
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // Registered by src/lib/service-worker.ts after the page has loaded; updates wait for the person's go-ahead.
      injectRegister: false,
      registerType: 'prompt',
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        id: '/',
        name: PRODUCT_NAME,
        short_name: PRODUCT_NAME,
        description: 'Your private virtual mailbox and discounted shipping: scans, forwarding, pickup and labels.',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME_COLOR,
        background_color: '#ffffff',
        categories: ['business', 'productivity', 'utilities'],
        icons: APP_ICONS.filter((icon) => icon.purpose).map((icon) => ({
          src: `/${icon.file}`,
          sizes: `${icon.size}x${icon.size}`,
          type: 'image/png',
          purpose: icon.purpose!,
        })),
      },
      injectManifest: {
        // The shell (index.html before the prerender fills it: spa.html holds the same bytes), the hashed files
        // and the icons. Latin Inter only: the other subsets load by unicode-range when a page needs them. The
        // charts, the editor and Stripe's loader are cached when a screen first uses them instead (src/sw.ts).
        globPatterns: [
          'index.html',
          'assets/*.{js,css}',
          'assets/inter-latin-wght-*.woff2',
          'icons/*.png',
          'favicon.svg',
        ],
        globIgnores: ['assets/{charts,editor,stripe}-*.js'],
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.map((entry) => (entry.url === 'index.html' ? { ...entry, url: 'spa.html' } : entry)),
            warnings: [],
          }),
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
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
    // The client bundle only: the prerender's SSR build is one file read at build time.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            // Rolldown's successor of manualChunks (scripts/chunk-groups.ts says how and why).
            codeSplitting: {
              groups: chunkGroups(),
            },
          },
        },
  },
}));

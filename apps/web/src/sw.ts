/**
 * The service worker (built by vite-plugin-pwa's injectManifest into dist/sw.js; docs/decisions, "installable web
 * app"). It keeps the app shell and the hashed static files for offline use and never touches API answers: no
 * route below matches /api/*, so those requests go to the network as if there were no worker, and no personal
 * data ends up in a cache.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

/**
 * The worker's global scope, as far as this file uses it (the web project compiles against the DOM library, whose
 * `self` is a window; the webworker library cannot be loaded beside it).
 */
declare const self: {
  __WB_MANIFEST: { url: string; revision: string | null }[];
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
};

/** The single-page shell every screen path gets (the server's spa.html); offline navigations fall back to it. */
const SHELL_URL = '/spa.html';

// The hashed files of this build, fetched in the background after the first visit and served from the cache.
precacheAndRoute(self.__WB_MANIFEST);
// A new worker's activation removes the files of builds before it.
cleanupOutdatedCaches();
// The first worker takes the open page at once (same build, so nothing changes under it); later ones wait for
// the person to choose to reload (the update prompt), so a running session never mixes two builds.
clientsClaim();

// Screens: always the server's current HTML when online (a deploy shows on the next visit, the CSP comes with
// it); the last copy of that page, or the shell, when the network is gone. Pages carry no personal data: the
// public ones are prerendered for a logged-out visitor and every other path gets the same shell.
const pages = new NetworkFirst({ cacheName: 'pages', networkTimeoutSeconds: 4 });
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await pages.handle(options);
      } catch {
        return (await matchPrecache(SHELL_URL)) ?? Response.error();
      }
    },
    { denylist: [/^\/api(\/|$)/] },
  ),
);

// Hashed files this build does not precache (the charts, the editor, Stripe's loader: a few screens use them)
// are kept once fetched; their names change with their content.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && url.pathname.startsWith('/assets/') && request.method === 'GET',
  new CacheFirst({ cacheName: 'assets' }),
);

// The page asks a waiting worker to take over when the person chose to reload (components/update-prompt.tsx).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

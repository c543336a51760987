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

interface ExtendableEventLike {
  waitUntil(work: Promise<unknown>): void;
}
interface PushEventLike extends ExtendableEventLike {
  data: { text(): string } | null;
}
interface NotificationEventLike extends ExtendableEventLike {
  notification: Notification;
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

/**
 * The worker's global scope, as far as this file uses it (the web project compiles against the DOM library, whose
 * `self` is a window; the webworker library cannot be loaded beside it).
 */
declare const self: {
  __WB_MANIFEST: { url: string; revision: string | null }[];
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEventLike) => void): void;
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

/** What the API's push job sends (packages/shared/src/push.ts, PushPayload). */
interface PushMessage {
  title: string;
  body: string;
  link: string;
  tag: string;
}

/** Only a path of this app is opened from a notification (never another site, whatever a message says). */
function appPath(link: unknown): string {
  return typeof link === 'string' && link.startsWith('/') && !link.startsWith('//') ? link : '/dashboard';
}

function readPush(data: PushEventLike['data']): PushMessage {
  try {
    const parsed = JSON.parse(data?.text() ?? '') as Partial<PushMessage>;
    return {
      title: typeof parsed.title === 'string' ? parsed.title : 'Postwise',
      body: typeof parsed.body === 'string' ? parsed.body : '',
      link: appPath(parsed.link),
      tag: typeof parsed.tag === 'string' ? parsed.tag : '',
    };
  } catch {
    return { title: 'Postwise', body: '', link: '/dashboard', tag: '' };
  }
}

// A push notification (new mail, scan ready, shipment delivered...): shown by the system even with no tab open.
self.addEventListener('push', (event) => {
  const message = readPush(event.data);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: '/icons/icon-192.png',
      ...(message.tag ? { tag: message.tag } : {}),
      data: { link: message.link },
    }),
  );
});

// A click opens the item's page: in an open tab of the app when there is one, else in a new window.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = appPath((event.notification.data as { link?: unknown } | null)?.link);
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const tab = tabs.find((c) => new URL(c.url).origin === self.location.origin);
      if (tab) {
        await tab.focus();
        await tab.navigate(link);
        return;
      }
      await self.clients.openWindow(link);
    })(),
  );
});

/**
 * Registers the service worker (dist/sw.js, built from src/sw.ts) once the page has loaded and the browser is idle,
 * so the files it precaches never compete with the page's own first load, and tells the app when a newer version
 * is installed and waiting (components/update-prompt.tsx). The new version takes over only when the person
 * chooses to reload: until then the running session keeps the build it started with.
 *
 * The browser's own API rather than workbox-window: this code is in the entry every public page downloads, whose
 * budget (docs/benchmarks.md) has no room for that library's 3 KB; what it would add here is the waiting-worker
 * check below.
 */
let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function setWaiting(worker: ServiceWorker | null): void {
  waiting = worker;
  listeners.forEach((listener) => listener());
}

export function subscribeToUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The installed new version that waits for the go-ahead, if any. */
export function waitingUpdate(): ServiceWorker | null {
  return waiting;
}

/** Lets the waiting version take over, then reloads this tab once it controls it. */
export function applyUpdate(): void {
  const worker = waiting;
  if (!worker) return;
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });
  worker.postMessage({ type: 'SKIP_WAITING' });
}

/** A long-open tab looks for a new version this often (a navigation would, but the app navigates client-side). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

async function register(): Promise<void> {
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  // A worker that installed while an older one controls the page is an update; the very first one is not.
  const offer = (worker: ServiceWorker | null) => {
    if (worker && navigator.serviceWorker.controller) setWaiting(worker);
  };
  offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(installing);
    });
  });
  setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
}

export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const whenIdle = () => {
    const go = () => void register().catch(() => undefined);
    // Safari has no requestIdleCallback.
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(go, { timeout: 5000 });
    else setTimeout(go, 1000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

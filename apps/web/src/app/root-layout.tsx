import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { PRODUCT_NAME } from '@postwise/shared/constants';
import { OfflineOverlay } from '../components/offline-overlay';
import { subscribeToUpdate, waitingUpdate } from '../lib/service-worker';
import { RouteGuard } from './guards/route-guard';
import { useCurrentRouteDef } from './route-handle';

// Loaded only once a new version waits (the service worker has precached it by then).
const UpdatePrompt = lazy(() => import('../components/update-prompt').then((m) => ({ default: m.UpdatePrompt })));

/** Title shown in the browser tab: the page title of the route table, then the product. */
export function documentTitle(title: string | null): string {
  return title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/**
 * The top of every screen: the matched route's guard (spec 2.3) above its layout, the document title,
 * the offline overlay (spec 2.2), the new-version prompt and scroll restoration.
 */
export function RootLayout() {
  const route = useCurrentRouteDef();
  const update = useSyncExternalStore(subscribeToUpdate, waitingUpdate, () => null);

  useEffect(() => {
    document.title = documentTitle(route ? route.title : 'Page not found');
  }, [route]);

  return (
    <>
      {route ? (
        <RouteGuard route={route}>
          <Outlet />
        </RouteGuard>
      ) : (
        <Outlet />
      )}
      <OfflineOverlay />
      {update ? (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      ) : null}
      {/* Every fresh page load has the key 'default'; keying those by path stops one page's saved
          scroll position from being applied to another page opened in a new load. */}
      <ScrollRestoration getKey={(location) => (location.key === 'default' ? location.pathname : location.key)} />
    </>
  );
}

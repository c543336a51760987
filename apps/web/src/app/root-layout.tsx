import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { PRODUCT_NAME } from '@postwise/shared/constants';
import { OfflineOverlay } from '../components/offline-overlay';
import { RouteGuard } from './guards/route-guard';
import { useCurrentRouteDef } from './route-handle';

/** Title shown in the browser tab: the page title of the route table, then the product. */
export function documentTitle(title: string | null): string {
  return title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/**
 * The top of every screen: the matched route's guard (spec 2.3) above its layout, the document title,
 * the offline overlay (spec 2.2) and scroll restoration.
 */
export function RootLayout() {
  const route = useCurrentRouteDef();

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
      {/* Every fresh page load has the key 'default'; keying those by path stops one page's saved
          scroll position from being applied to another page opened in a new load. */}
      <ScrollRestoration getKey={(location) => (location.key === 'default' ? location.pathname : location.key)} />
    </>
  );
}

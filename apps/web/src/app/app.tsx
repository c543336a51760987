import { RouterProvider } from 'react-router/dom';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { AppErrorBoundary } from '../components/errors/app-error-boundary';
import { setSessionLostHandler } from '../lib/api-client';
import { AppProvider } from './provider';
import { buildRoutes } from './router';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Loads the lazy layout and page of the current URL before the router starts, so the first render is the page
 * itself: a prerendered page hydrates against the same markup instead of a loading fallback.
 */
async function loadCurrentRoutes(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      try {
        Object.assign(route, await route.lazy());
        route.lazy = undefined;
      } catch {
        // Left lazy: the router loads it again and shows its error screen if it still fails.
      }
    }),
  );
}

export async function createAppRouter(): Promise<AppRouter> {
  const routes = buildRoutes();
  await loadCurrentRoutes(routes);
  const router = createBrowserRouter(routes);
  // Spec 8: after a lost session the client has logged out; send the visitor to the login page.
  setSessionLostHandler(() => {
    if (router.state.location.pathname !== '/login') void router.navigate('/login', { replace: true });
  });
  return router;
}

export function App({ router }: { router: AppRouter }) {
  return (
    <AppErrorBoundary>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </AppErrorBoundary>
  );
}

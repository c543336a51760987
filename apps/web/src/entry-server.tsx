import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { ROUTES } from '@postwise/shared/routes';
import { AppErrorBoundary } from './components/errors/app-error-boundary';
import { AppProvider } from './app/provider';
import { documentTitle } from './app/root-layout';
import { PRERENDERED_ROUTE_IDS } from './app/prerendered-routes';
import { buildRoutes } from './app/router';
import { clearLightQueries } from './lib/light-query';
import { pageMetaForServer } from './features/public/lib/use-page-meta';

export { PRERENDERED_ROUTE_IDS };

export interface PrerenderedPage {
  path: string;
  layout: string;
  title: string;
  description: string | null;
  html: string;
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  let html = '';
  for await (const chunk of stream) html += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  return html;
}

/** Renders one route as the browser's first render will see it (logged out, nothing fetched yet). */
export async function renderPage(id: (typeof PRERENDERED_ROUTE_IDS)[number]): Promise<PrerenderedPage> {
  const def = ROUTES.find((r) => r.id === id);
  if (!def) throw new Error(`No route ${id} in the shared route table`);
  const handler = createStaticHandler(buildRoutes());
  const context = await handler.query(new Request(`http://prerender.local${def.path}`));
  if (context instanceof Response) throw new Error(`${def.path} answered a redirect while prerendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  pageMetaForServer.description = null;
  // prerender waits for every Suspense boundary, so the HTML holds the finished page, not fallbacks.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppErrorBoundary>
        <AppProvider>
          {/* No inline hydration script: the CSP allows same-origin scripts only, and no route has loaders. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </AppErrorBoundary>
    </StrictMode>,
  );
  return {
    path: def.path,
    layout: def.layout,
    title: documentTitle(def.title),
    description: pageMetaForServer.description,
    html: await streamToString(prelude),
  };
}

/** Drops what rendering left in the query cache, whose garbage-collection timers would keep the build alive. */
export function finishPrerender(): void {
  clearLightQueries();
}

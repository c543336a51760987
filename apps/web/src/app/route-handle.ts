import { useMatches } from 'react-router';
import type { RouteDef } from '@postwise/shared/routes';

/** Every page route carries its entry of the shared route table as its handle. */
export interface RouteHandle {
  route: RouteDef;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle;
}

/** The shared route entry of the deepest matched page, or null (e.g. on the not-found page). */
export function useCurrentRouteDef(): RouteDef | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle.route;
  }
  return null;
}

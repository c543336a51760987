import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { checkRoute, type RouteDef } from '@postwise/shared/routes';
import { hasPendingApplicant, useRegisterStore } from '../../stores/register-store';
import { useViewer } from '../../stores/viewer';

export interface RouteGuardProps {
  route: RouteDef;
  children: ReactNode;
}

/**
 * Spec 2.3 for one route: the shared `checkRoute` decides with the viewer from the stores; a failed check
 * replaces the location with the route's redirect. Onboarding screens also need a pending applicant.
 */
export function RouteGuard({ route, children }: RouteGuardProps) {
  const viewer = useViewer();
  const pendingApplicant = useRegisterStore(hasPendingApplicant);
  const result = checkRoute(route, viewer);
  if (!result.allow) return <Navigate to={result.redirect} replace />;
  if (route.access === 'onboarding' && !pendingApplicant) return <Navigate to="/register" replace />;
  return <>{children}</>;
}

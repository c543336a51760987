import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useShallow } from 'zustand/react/shallow';
import { useSubscriptionStore, type SubscriptionState } from '../../../stores/subscription-store';
import { useUserStore } from '../../../stores/user-store';
import { useViewer } from '../../../stores/viewer';
import { mySubscriptionQueryOptions } from '../../../lib/my-subscription';
import { gateApplies, gateDecision, isGateFreePath } from '../lib/gate';
import { PendingInvoicesAlerts } from './pending-invoices-alert';
import { VerifyingAccess } from './verifying-access';

const NONE: SubscriptionState = { status: 'none', isExpired: false, enteredPastDueAt: null };

/**
 * The subscription gate of spec 4 around the signed-in pages: the subscription is fetched on load and when the
 * user or profile changes; Verifying Access while loading and inactive; expired → /subscription-expired;
 * missing, inactive or cancelled → /buy-subscription. SUPER_ADMIN and shipment-only customers pass.
 */
export function SubscriptionGate({ children }: { children: ReactNode }) {
  const viewer = useViewer();
  const userId = useUserStore((s) => s.user?.id ?? null);
  const { pathname } = useLocation();
  const stored = useSubscriptionStore(
    useShallow(({ status, isExpired, enteredPastDueAt }) => ({ status, isExpired, enteredPastDueAt })),
  );
  const setSubscription = useSubscriptionStore((s) => s.setSubscription);
  const gated = gateApplies(viewer);
  const query = useQuery({
    ...mySubscriptionQueryOptions(userId ?? '', viewer?.currentProfile ?? null),
    enabled: gated && !!userId,
  });

  useEffect(() => {
    if (query.data) {
      const { status, isExpired, enteredPastDueAt } = query.data;
      setSubscription({ status, isExpired, enteredPastDueAt });
    } else if (query.isError) {
      // Spec 8: a failed subscription fetch sets the status to none (leading to /buy-subscription).
      setSubscription(NONE);
    }
  }, [query.data, query.isError, setSubscription]);

  const alerts = isGateFreePath(pathname) ? null : <PendingInvoicesAlerts />;
  if (!gated) {
    return (
      <>
        {children}
        {alerts}
      </>
    );
  }
  // Use the answer right away (the store follows in the effect above), so a fresh answer never redirects late.
  const current: SubscriptionState = query.data ?? (query.isError ? NONE : stored);
  const decision = gateDecision(current, query.isPending);
  if (isGateFreePath(pathname)) return <>{children}</>;
  if (decision.kind === 'verifying') return <VerifyingAccess />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return (
    <>
      {children}
      {alerts}
    </>
  );
}

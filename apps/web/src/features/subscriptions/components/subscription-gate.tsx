import { useEffect, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useShallow } from 'zustand/react/shallow';
import { useSubscriptionStore, type SubscriptionState } from '../../../stores/subscription-store';
import { useUserStore } from '../../../stores/user-store';
import { useViewer } from '../../../stores/viewer';
import { mySubscriptionQueryOptions } from '../../../lib/my-subscription';
import { AlertTriangle } from 'lucide-react';
import { gateApplies, gateDecision, isGateFreePath, pastDueNotice, pendingInvoicesPath } from '../lib/gate';
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
      <PastDueBanner subscription={current} role={viewer?.role ?? 'USER'} />
      {children}
      {alerts}
    </>
  );
}

const dateText = (at: Date) => at.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** The days before reinstatement applies: the pages stay open, and this says what is owed and by when. */
function PastDueBanner({
  subscription,
  role,
}: {
  subscription: SubscriptionState;
  role: NonNullable<ReturnType<typeof useViewer>>['role'];
}) {
  const notice = pastDueNotice(subscription);
  if (!notice) return null;
  return (
    <div
      role="status"
      data-testid="past-due-banner"
      className="mb-6 flex flex-col gap-2 rounded-card border border-destructive/30 bg-destructive-soft p-4 text-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
        <span>
          Your renewal on {dateText(notice.failedAt)} could not be charged. Pay the invoice by{' '}
          <strong>{dateText(notice.invoiceDueAt)}</strong>; from {dateText(notice.reinstatementAt)} a reinstatement fee
          applies and your mailbox is paused until it is paid.
        </span>
      </p>
      <Link
        to={pendingInvoicesPath(role)}
        className="shrink-0 font-semibold text-primary underline-offset-4 hover:underline"
      >
        Pay now
      </Link>
    </div>
  );
}

import { useState } from 'react';
import { BILLING_RULES } from '@postwise/shared/billing';
import { Link, Navigate, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, RotateCcw } from 'lucide-react';
import { EnterCardDetailsDialog } from '../../../components/payments/enter-card-details-dialog';
import { StatusBadge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Text } from '../../../components/ui/text';
import { errorText, showPlanOrCardToast } from '../../../lib/toast';
import { isSubscriptionActive, useSubscriptionStore } from '../../../stores/subscription-store';
import { useUserStore } from '../../../stores/user-store';
import { useViewer } from '../../../stores/viewer';
import { pendingInvoicesPath, usePendingInvoiceCount } from '../../../lib/pending-invoices';
import { mySubscriptionQueryOptions } from '../../../lib/my-subscription';
import { useResumeSubscription } from '../api/subscriptions-api';
import { ScreenFooter, SubscriptionLoading } from '../components/subscription-screen';
import { needsCard } from '../lib/use-purchase';
import { DangerBadge } from '../../../components/errors/error-screen';

export const RESUMED_TEXT = 'Subscription resumed';

/** The date of enteredPastDueAt as the screen shows it, or -- when absent (spec 2.8). */
export function pastDueDate(iso: string | null): string {
  if (!iso) return '--';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '--';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/**
 * The due date of the renewal invoice that made the subscription past due: the billing cycle issues it when the
 * renewal fails (enteredPastDueAt) with BILLING_RULES.paymentDueDays to pay, so both dates on the screen come from
 * the same fact ("expired as of November 19" next to an invoice "due Dec 3" with no link between them).
 */
export function renewalInvoiceDueDate(enteredPastDueAt: string | null): string | null {
  if (!enteredPastDueAt) return null;
  const at = new Date(enteredPastDueAt);
  if (Number.isNaN(at.getTime())) return null;
  return new Date(at.getTime() + BILLING_RULES.paymentDueDays * 24 * 60 * 60 * 1000).toISOString();
}

/** Subscription expired (spec 2.8): the status and since when, Resume Subscription, and the ways out. */
export function SubscriptionExpiredPage() {
  const navigate = useNavigate();
  const user = useUserStore((s) => s.user);
  const viewer = useViewer();
  const setSubscription = useSubscriptionStore((s) => s.setSubscription);
  const [cardDialogOpen, setCardDialogOpen] = useState(false);
  const subscription = useQuery({
    ...mySubscriptionQueryOptions(user?.id ?? '', viewer?.currentProfile ?? null),
    enabled: !!user && user.role.code !== 'SUPER_ADMIN',
  });
  const pending = usePendingInvoiceCount(user?.id ?? null, 'all', !!user);
  const resume = useResumeSubscription();

  if (!user || user.role.code === 'SUPER_ADMIN') return <Navigate to="/dashboard" replace />;
  if (subscription.isPending) return <SubscriptionLoading text="Checking subscription status, please wait..." />;
  const data = subscription.data;
  if (data && isSubscriptionActive(data)) return <Navigate to="/dashboard" replace />;
  if (subscription.isSuccess && data?.status === 'none') return <Navigate to="/buy-subscription" replace />;

  const status = data?.status ?? 'expired';
  const run = async () => {
    try {
      const next = await resume.mutateAsync();
      // Spec 4: Resume Subscription replaces the subscription with the server response.
      setSubscription({ status: next.status, isExpired: next.isExpired, enteredPastDueAt: next.enteredPastDueAt });
      if (isSubscriptionActive(next)) {
        showPlanOrCardToast(RESUMED_TEXT);
        navigate('/dashboard', { replace: true });
      }
    } catch (error) {
      if (needsCard(error)) setCardDialogOpen(true);
      else showPlanOrCardToast(errorText(error), 'error');
    }
  };

  return (
    <div className="grid gap-6" data-testid="subscription-expired">
      <header className="flex flex-col items-center gap-3 text-center">
        <DangerBadge icon={AlertTriangle} />
        <div className="flex items-center gap-2">
          <Text variant="h3" as="h1">
            Subscription
          </Text>
          <StatusBadge status={status} />
        </div>
        <Text variant="body" className="max-w-xl" data-testid="expired-text">
          Your subscription is <strong>{status}</strong> as of{' '}
          <strong>{pastDueDate(data?.enteredPastDueAt ?? null)}</strong>. Please renew your subscription to keep using
          your mailbox.
        </Text>
        {data?.status === 'expired' && renewalInvoiceDueDate(data.enteredPastDueAt) ? (
          <Text variant="body-small" tone="muted" className="max-w-xl" data-testid="past-due-story">
            The renewal on {pastDueDate(data.enteredPastDueAt)} could not be charged. Its invoice is due{' '}
            {pastDueDate(renewalInvoiceDueDate(data.enteredPastDueAt))}; a late fee is added every{' '}
            {BILLING_RULES.lateFeeEveryDays} days it stays unpaid.
          </Text>
        ) : null}
        {data?.plan ? (
          <Text variant="body-small" tone="muted">
            Plan: {data.plan.name} ({data.plan.validity === 'year' ? 'annual' : 'monthly'})
          </Text>
        ) : null}
        {pending.data ? (
          <Link
            to={pendingInvoicesPath(user.role.code)}
            className="text-sm font-semibold text-primary underline-offset-4 hover:underline"
          >
            {pending.data} pending {pending.data === 1 ? 'invoice' : 'invoices'}: view
          </Link>
        ) : null}
      </header>

      <ScreenFooter>
        <Button
          size="lg"
          variant="green"
          onClick={() => void run()}
          loading={resume.isPending}
          data-testid="resume-subscription"
        >
          <RotateCcw aria-hidden="true" />
          Resume Subscription
        </Button>
      </ScreenFooter>

      <EnterCardDetailsDialog open={cardDialogOpen} onOpenChange={setCardDialogOpen} onSaved={() => void run()} />
    </div>
  );
}

export { SubscriptionExpiredPage as Component };

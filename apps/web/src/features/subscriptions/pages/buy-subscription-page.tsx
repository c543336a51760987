import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { CreditCard, PackageOpen } from 'lucide-react';
import type { PlanValidity } from '@postwise/shared/constants';
import { PLAN_SELECTION_MESSAGES } from '@postwise/shared/schemas/billing';
import { EnterCardDetailsDialog } from '../../../components/payments/enter-card-details-dialog';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Text } from '../../../components/ui/text';
import { errorText, showPlanOrCardToast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { isSubscriptionActive } from '../../../stores/subscription-store';
import { useUserStore } from '../../../stores/user-store';
import { useViewer } from '../../../stores/viewer';
import { mySubscriptionQueryOptions, usePlansForPurchase } from '../api/subscriptions-api';
import { OrderSummary } from '../components/order-summary';
import { PlanOptionCard } from '../components/plan-option-card';
import { SubscriptionExitActions } from '../components/subscription-exit-actions';
import { ScreenFooter, SubscriptionLoading } from '../components/subscription-screen';
import { usePurchase } from '../lib/use-purchase';

const VALIDITY_OPTIONS: { value: Extract<PlanValidity, 'month' | 'year'>; label: string }[] = [
  { value: 'month', label: 'Monthly' },
  { value: 'year', label: 'Annual' },
];

/** Buy subscription (spec 2.8): Monthly/Annual, plan cards, Buy Plan, and the ways out. */
export function BuySubscriptionPage() {
  const user = useUserStore((s) => s.user);
  const viewer = useViewer();
  const [validity, setValidity] = useState<'month' | 'year'>('month');
  const [selected, setSelected] = useState<string | null>(null);
  const [planError, setPlanError] = useState<string | null>(null);
  const isSubAdmin = user?.role.code === 'SUB_ADMIN';
  const subscription = useQuery({
    ...mySubscriptionQueryOptions(user?.id ?? '', viewer?.currentProfile ?? null),
    enabled: !!user && user.role.code !== 'SUPER_ADMIN',
  });
  const plans = usePlansForPurchase(validity, isSubAdmin);
  const purchase = usePurchase();

  if (!user || user.role.code === 'SUPER_ADMIN') return <Navigate to="/dashboard" replace />;
  if (subscription.isPending) return <SubscriptionLoading text="Checking subscription status, please wait..." />;
  if (subscription.data && isSubscriptionActive(subscription.data)) return <Navigate to="/dashboard" replace />;

  const buy = () => {
    if (!selected) {
      setPlanError(PLAN_SELECTION_MESSAGES.required);
      showPlanOrCardToast(PLAN_SELECTION_MESSAGES.beforeBuy, 'error');
      return;
    }
    void purchase.buy(selected);
  };

  let list;
  if (plans.isPending) {
    list = <SubscriptionLoading text="Loading subscription plans, please wait..." />;
  } else if (plans.isError) {
    list = (
      <EmptyState
        title="Could not load the plans"
        description={errorText(plans.error)}
        action={
          <Button variant="outline" onClick={() => void plans.refetch()}>
            Try again
          </Button>
        }
      />
    );
  } else if (plans.data.length === 0) {
    list = <EmptyState icon={PackageOpen} title="No Plan found" />;
  } else {
    list = (
      <div
        role="radiogroup"
        aria-label="Subscription plans"
        aria-invalid={planError ? true : undefined}
        aria-describedby={planError ? 'plan-error' : undefined}
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        {plans.data.map((plan, index) => (
          <PlanOptionCard
            key={plan.id}
            plan={plan}
            index={index}
            selected={selected === plan.id}
            showCounts={isSubAdmin}
            onSelect={() => {
              setSelected(plan.id);
              setPlanError(null);
            }}
          />
        ))}
      </div>
    );
  }

  return (
    <div className="grid gap-6" data-testid="buy-subscription">
      <header className="grid gap-2 text-center">
        <Text variant="h3" as="h1">
          Choose your subscription plan
        </Text>
        <Text variant="body-small" tone="muted">
          {isSubAdmin
            ? 'Pick the reseller plan for your stores and mailboxes. It renews automatically with your default card.'
            : 'Pick a mailbox plan to open your mailbox. It renews automatically with your default card.'}
        </Text>
      </header>

      <div
        role="radiogroup"
        aria-label="Billing period"
        className="mx-auto inline-flex rounded-full border bg-muted p-1"
      >
        {VALIDITY_OPTIONS.map((option) => (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={validity === option.value}
            onClick={() => {
              setValidity(option.value);
              setSelected(null);
            }}
            className={cn(
              'rounded-full px-5 py-1.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              validity === option.value ? 'bg-primary text-primary-foreground shadow-sm' : 'text-muted-foreground',
            )}
          >
            {option.label}
          </button>
        ))}
      </div>

      {list}
      {planError ? (
        <p id="plan-error" role="alert" className="-mt-2 text-sm font-medium text-destructive">
          {planError}
        </p>
      ) : null}
      <OrderSummary plan={selected} user={user.id} />

      <ScreenFooter>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SubscriptionExitActions />
          <Link
            to="/payment-methods"
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary underline-offset-4 hover:underline"
          >
            <CreditCard aria-hidden="true" className="size-4" />
            Update payment method
          </Link>
        </div>
        <Button size="lg" variant="orange" onClick={buy} loading={purchase.pending} data-testid="buy-plan">
          Buy Plan
        </Button>
      </ScreenFooter>

      <EnterCardDetailsDialog
        open={purchase.cardDialogOpen}
        onOpenChange={purchase.setCardDialogOpen}
        onSaved={purchase.retryAfterCardSaved}
        summary={<OrderSummary plan={selected} user={user.id} />}
      />
    </div>
  );
}

export { BuySubscriptionPage as Component };

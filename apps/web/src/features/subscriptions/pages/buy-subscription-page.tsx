import { useState } from 'react';
import { Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ClipboardCheck, PackageOpen } from 'lucide-react';
import type { PlanValidity } from '@postwise/shared/constants';
import { PLAN_SELECTION_MESSAGES } from '@postwise/shared/schemas/billing';
import { EnterCardDetailsDialog } from '../../../components/payments/enter-card-details-dialog';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryErrorState } from '../../../components/ui/query-error-state';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Text } from '../../../components/ui/text';
import { showPlanOrCardToast } from '../../../lib/toast';
import { money } from '../../../lib/format';
import { useProfileStore } from '../../../stores/profile-store';
import { isSubscriptionActive } from '../../../stores/subscription-store';
import { useUserStore } from '../../../stores/user-store';
import { useViewer } from '../../../stores/viewer';
import { mySubscriptionQueryOptions } from '../../../lib/my-subscription';
import { usePlansForPurchase } from '../api/subscriptions-api';
import { OrderSummary } from '../components/order-summary';
import { PlanOptionCard } from '../components/plan-option-card';
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
  const [changingPlan, setChangingPlan] = useState(false);
  const mailboxStatus = useProfileStore((s) => s.profile?.profiles.mailbox.status);
  const underReview = mailboxStatus === 'pending' || mailboxStatus === 'rejected';
  const isSubAdmin = user?.role.code === 'SUB_ADMIN';
  const subscription = useQuery({
    ...mySubscriptionQueryOptions(user?.id ?? '', viewer?.currentProfile ?? null),
    enabled: !!user && user.role.code !== 'SUPER_ADMIN',
  });
  const plans = usePlansForPurchase(validity, isSubAdmin);
  const purchase = usePurchase({ onChosenForApproval: () => setChangingPlan(false) });

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

  const pendingPlan = subscription.data?.pendingPlan ?? null;
  const showChoice = pendingPlan !== null && !changingPlan;

  let list;
  if (plans.isPending) {
    list = <SubscriptionLoading text="Loading subscription plans, please wait..." />;
  } else if (plans.isError) {
    list = <QueryErrorState query={plans} title="Could not load the plans" />;
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

      {underReview ? <UnderReviewNotice rejected={mailboxStatus === 'rejected'} /> : null}

      {showChoice && pendingPlan ? (
        <section
          aria-labelledby="chosen-plan-title"
          data-testid="chosen-plan"
          className="mx-auto grid w-full max-w-3xl gap-3 rounded-card border p-5"
        >
          <h2 id="chosen-plan-title" className="text-lg font-semibold">
            Your plan: {pendingPlan.name}
          </h2>
          <p className="text-sm">
            {money(pendingPlan.price)} {pendingPlan.validity === 'year' ? 'a year' : 'a month'}, charged to your default
            card when your application is approved. Nothing has been charged yet; the receipt comes by e-mail with the
            invoice attached.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button type="button" variant="outline" onClick={() => setChangingPlan(true)}>
              Change plan
            </Button>
          </div>
        </section>
      ) : null}

      {showChoice ? null : (
        <>
          <SegmentedControl
            role="radio"
            label="Billing period"
            options={VALIDITY_OPTIONS}
            value={validity}
            onChange={(next) => {
              setValidity(next);
              setSelected(null);
            }}
            className="mx-auto inline-flex"
            itemClassName="px-5"
          />

          {list}
          {planError ? (
            <p id="plan-error" role="alert" className="-mt-2 text-sm font-medium text-destructive">
              {planError}
            </p>
          ) : null}
          <OrderSummary plan={selected} user={user.id} />
        </>
      )}

      <ScreenFooter>
        {showChoice ? null : (
          <Button size="lg" variant="orange" onClick={buy} loading={purchase.pending} data-testid="buy-plan">
            Buy Plan
          </Button>
        )}
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

/** Decision 003: an applicant signed in before approval learns where they stand and what they can do already. */
function UnderReviewNotice({ rejected }: { rejected: boolean }) {
  return (
    <section
      role="status"
      aria-labelledby="under-review-title"
      data-testid="application-under-review"
      className="mx-auto grid w-full max-w-3xl gap-2 rounded-card border border-primary/30 bg-primary-soft p-5 sm:grid-cols-[auto_1fr] sm:gap-4"
    >
      <ClipboardCheck aria-hidden="true" className="size-8 text-primary" />
      <div className="grid gap-2">
        <h2 id="under-review-title" className="text-lg font-semibold">
          {rejected ? 'Your application needs new documents' : 'Your application is under review'}
        </h2>
        <p className="text-sm">
          {rejected
            ? 'We could not accept the IDs you sent. Check the e-mail we sent you for the reason and upload new ones.'
            : 'We check your IDs for USPS Form 1583, usually within one business day, and e-mail you as soon as your mailbox is approved.'}
        </p>
        <ul className="list-disc space-y-1 pl-5 text-sm">
          <li>Choose your plan and save a card now: nothing is charged until your application is approved.</li>
          <li>On approval we charge the plan, e-mail your receipt and your mailbox address, and your inbox opens.</li>
          <li>Mail is accepted at your address from the day it is approved.</li>
        </ul>
      </div>
    </section>
  );
}

export { BuySubscriptionPage as Component };

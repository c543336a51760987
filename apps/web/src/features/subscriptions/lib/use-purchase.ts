import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '@postwise/shared/api-types';
import {
  type PurchaseConfirmationState,
  showPurchaseConfirmation,
} from '../../../components/payments/purchase-confirmation';
import { ApiError } from '../../../lib/api-client';
import { errorText, showPlanOrCardToast } from '../../../lib/toast';
import { useSubscriptionStore } from '../../../stores/subscription-store';
import { useUserStore } from '../../../stores/user-store';
import { purchaseSubscription, subscriptionKeys } from '../api/subscriptions-api';
import { newIdempotencyKey } from './gate';

export const SUBSCRIPTION_SUCCESS = 'Subscription successful!';
export const PLAN_SAVED_FOR_APPROVAL = 'Plan saved. Nothing is charged until your application is approved.';

/** Spec 4: these answers mean "no card to charge": open the card dialog, then retry the purchase. */
export function needsCard(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === ERROR_CODES.NO_CUSTOMER_ID || error.code === ERROR_CODES.NO_DEFAULT_PAYMENT_METHOD)
  );
}

/**
 * The purchase of spec 4: success leads to the dashboard with 'Subscription successful!'; no customer id or no
 * default card opens the card dialog and, once a card is saved, retries with the same Idempotency-Key (so a
 * retry is never charged twice); other errors are toasts.
 */
export function usePurchase(options: { onChosenForApproval?: () => void } = {}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUserStore((s) => s.user);
  const setSubscription = useSubscriptionStore((s) => s.setSubscription);
  const [pending, setPending] = useState(false);
  const [cardDialogOpen, setCardDialogOpen] = useState(false);
  const attempt = useRef<{ planId: string; key: string } | null>(null);

  const run = async (planId: string) => {
    if (!user || pending) return;
    if (attempt.current?.planId !== planId) attempt.current = { planId, key: newIdempotencyKey() };
    setPending(true);
    try {
      const result = await purchaseSubscription({ plan: planId, user: user.id }, attempt.current.key);
      const { status, isExpired, enteredPastDueAt } = result.subscription;
      setSubscription({ status, isExpired, enteredPastDueAt });
      attempt.current = null;
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
      if (result.awaitingApproval || !result.invoice) {
        // Decision 003: chosen and saved; the screen now shows the choice awaiting approval.
        showPlanOrCardToast(PLAN_SAVED_FOR_APPROVAL);
        options.onChosenForApproval?.();
        return;
      }
      showPlanOrCardToast(SUBSCRIPTION_SUCCESS);
      const purchase: PurchaseConfirmationState = {
        invoiceId: result.invoice.id,
        invoiceNumber: result.invoice.number,
        planName: result.subscription.plan?.name ?? result.invoice.planName ?? 'Your plan',
        totalCents: result.invoice.totalCents,
        renewsAt: result.subscription.currentPeriodEnd,
      };
      showPurchaseConfirmation(purchase);
      navigate('/dashboard', { replace: true });
    } catch (error) {
      if (needsCard(error)) {
        setCardDialogOpen(true);
      } else {
        // A refused card ends this attempt: the next Buy is a new purchase with a new key.
        attempt.current = null;
        showPlanOrCardToast(errorText(error), 'error');
      }
    } finally {
      setPending(false);
    }
  };

  return {
    pending,
    buy: run,
    cardDialogOpen,
    setCardDialogOpen,
    /** After the card dialog saved a card: retry the same purchase. */
    retryAfterCardSaved: () => {
      if (attempt.current) void run(attempt.current.planId);
    },
  };
}

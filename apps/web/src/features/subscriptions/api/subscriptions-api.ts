import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type MySubscription, type PurchaseResult, IDEMPOTENCY_KEY_HEADER } from '@postwise/shared/billing';
import type { PlanValidity } from '@postwise/shared/constants';
import type { Plan } from '@postwise/shared/plans';
import { getPage, post } from '../../../lib/api-client';
import { mySubscriptionKey } from '../../../lib/my-subscription';

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  my: mySubscriptionKey,
  plans: (validity: PlanValidity, audience: string) => [...subscriptionKeys.all, 'plans', validity, audience] as const,
};

/**
 * GET plans without server paging, by validity (spec 7). A sub-admin buys the platform's sub-admin plans
 * (their cards show store and mailbox counts); a customer gets the plans offered to them.
 */
export function getPlansForPurchase(validity: PlanValidity, forSubAdmin: boolean): Promise<Plan[]> {
  return getPage<Plan>('plans', {
    query: { validity, serverPaging: false, ...(forSubAdmin ? { audience: 'sub_admin' } : {}) },
  }).then((page) => page.items);
}

export function usePlansForPurchase(validity: PlanValidity, forSubAdmin: boolean) {
  return useQuery({
    queryKey: subscriptionKeys.plans(validity, forSubAdmin ? 'sub_admin' : 'customer'),
    queryFn: () => getPlansForPurchase(validity, forSubAdmin),
  });
}

/** POST subscriptions {plan, user} with an Idempotency-Key: a retry of the same attempt is never charged twice. */
export function purchaseSubscription(input: { plan: string; user: string }, idempotencyKey: string) {
  return post<PurchaseResult>('subscriptions', input, { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

/** POST subscriptions/resume (empty body): the answer replaces the stored subscription (spec 4). */
export function resumeSubscription(): Promise<MySubscription> {
  return post<MySubscription>('subscriptions/resume');
}

export function useResumeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeSubscription,
    // Not awaited: the screen acts on the answer first (a refetch that lands first would unmount it).
    onSettled: () => void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
  });
}

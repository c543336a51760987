import { queryOptions } from '@tanstack/react-query';
import type { MySubscription } from '@postwise/shared/billing';
import { get } from './api-client';

/**
 * GET subscriptions/my (spec 7), one query for every screen that reads it (the subscription gate, the scans
 * left, the plan's fees): the shell and the inbox ask for it at the same time and share one request.
 */
export const mySubscriptionKey = (userId: string, profile: string | null) =>
  ['subscriptions', 'my', userId, profile] as const;

export function getMySubscription(): Promise<MySubscription> {
  return get<MySubscription>('subscriptions/my');
}

/** Fetched on load and whenever the user or profile changes (the key carries both, spec 4). */
export function mySubscriptionQueryOptions(userId: string, profile: string | null) {
  return queryOptions({
    queryKey: mySubscriptionKey(userId, profile),
    queryFn: getMySubscription,
    staleTime: 0,
    retry: false,
  });
}

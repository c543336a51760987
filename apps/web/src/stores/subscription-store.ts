import { STORAGE_NAMES } from '@postwise/shared/constants';
import { createPersistedStore } from './persisted-store';

/** Subscription of spec 3 (status defaults to none). */
export type SubscriptionStatus = 'none' | 'active' | 'expired' | 'cancelled';

export interface SubscriptionState {
  status: SubscriptionStatus;
  isExpired: boolean;
  enteredPastDueAt: string | null;
}

const initial: SubscriptionState = { status: 'none', isExpired: false, enteredPastDueAt: null };

/** Spec 4: active when status is active and the expired flag is not set. */
export function isSubscriptionActive(s: SubscriptionState): boolean {
  return s.status === 'active' && !s.isExpired;
}

/** Spec 4: expired or cancelled only when the status says so and the flag is set. */
export function isSubscriptionLapsed(s: SubscriptionState): boolean {
  return (s.status === 'expired' || s.status === 'cancelled') && s.isExpired;
}

export const useSubscriptionStore = createPersistedStore(STORAGE_NAMES.subscription, initial, 'setSubscription');

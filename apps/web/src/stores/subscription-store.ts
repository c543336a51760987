import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_NAMES } from '@postwise/shared/constants';

/** Subscription of spec 3 (status defaults to none). */
export type SubscriptionStatus = 'none' | 'active' | 'expired' | 'cancelled';

export interface SubscriptionState {
  status: SubscriptionStatus;
  isExpired: boolean;
  enteredPastDueAt: string | null;
}

interface SubscriptionStore extends SubscriptionState {
  setSubscription: (subscription: Partial<SubscriptionState>) => void;
  reset: () => void;
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

export const useSubscriptionStore = create<SubscriptionStore>()(
  persist(
    (set) => ({
      ...initial,
      setSubscription: (subscription) => set(subscription),
      reset: () => set(initial),
    }),
    {
      name: STORAGE_NAMES.subscription,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ status, isExpired, enteredPastDueAt }) => ({ status, isExpired, enteredPastDueAt }),
    },
  ),
);

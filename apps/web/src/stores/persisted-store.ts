import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** A persisted store's state and its two actions: `setter` merges a part of the state, `reset` goes back to the start. */
export type PersistedStore<T extends object, K extends string> = T & { [key in K]: (value: Partial<T>) => void } & {
  reset: () => void;
};

/**
 * A zustand store kept in localStorage under a spec storage name (STORAGE_NAMES): its state starts as `initial`
 * and exactly `initial`'s fields are persisted (the actions never are). `setter` names the merge action as the
 * spec's screens call it (`setPending`, `setSubscription`, …).
 */
export function createPersistedStore<T extends object, K extends string>(name: string, initial: T, setter: K) {
  const fields = Object.keys(initial) as (keyof T)[];
  return create<PersistedStore<T, K>>()(
    persist(
      (set) =>
        ({
          ...initial,
          [setter]: (value: Partial<T>) => set(value as Partial<PersistedStore<T, K>>),
          reset: () => set(initial as Partial<PersistedStore<T, K>>),
        }) as PersistedStore<T, K>,
      {
        name,
        storage: createJSONStorage(() => localStorage),
        partialize: (state) => Object.fromEntries(fields.map((field) => [field, state[field]])) as T,
      },
    ),
  );
}

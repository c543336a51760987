import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React renders on the server (the build's prerender) and while it hydrates that markup, true from
 * the next render on. Controls that need JavaScript stay disabled until then, so a click or a typed value never
 * reaches a form React has not taken over yet (a native submit would put the fields in the URL).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

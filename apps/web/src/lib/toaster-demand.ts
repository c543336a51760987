import { useSyncExternalStore } from 'react';

/**
 * Whether any toast has been asked for yet. The toaster (react-hot-toast) mounts only then, so pages that never
 * toast, like the public pages on first load, do not download it.
 */
let requested = false;
const listeners = new Set<() => void>();

export function requestToaster(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

export function isToasterRequested(): boolean {
  return requested;
}

export function useToasterRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => requested,
    () => false,
  );
}

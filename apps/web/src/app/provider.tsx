import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';
import { useToasterRequested } from '../lib/toaster-demand';
import { useUserStore } from '../stores/user-store';

/** Cached server data belongs to one account: drop it whenever the signed-in account changes. */
function useClearCacheOnAccountChange(): void {
  useEffect(
    () =>
      useUserStore.subscribe((state, prev) => {
        if (state.session?.accessToken !== prev.session?.accessToken) queryClient.clear();
      }),
    [],
  );
}

const Toaster = lazy(() => import('../components/ui/toaster').then((m) => ({ default: m.Toaster })));

export function AppProvider({ children }: { children: ReactNode }) {
  useClearCacheOnAccountChange();
  // Mounted with the first toast (lib/toast.ts); it shows the toasts raised before it arrived.
  const toasterRequested = useToasterRequested();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {toasterRequested ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
}

import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '../components/ui/toaster';
import { queryClient } from '../lib/query-client';
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

export function AppProvider({ children }: { children: ReactNode }) {
  useClearCacheOnAccountChange();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}

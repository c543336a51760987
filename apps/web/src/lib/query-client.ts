import { QueryClient } from '@tanstack/react-query';
import { useUserStore } from '../stores/user-store';
import { DEFAULT_STALE_TIME, GC_TIME, shouldRetry } from './light-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_TIME,
        gcTime: GC_TIME,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/** Cached server data belongs to one account: drop it whenever the signed-in account changes. */
useUserStore.subscribe((state, prev) => {
  if (state.session?.accessToken !== prev.session?.accessToken) queryClient.clear();
});

import { QueryClient } from '@tanstack/react-query';
import { useUserStore } from '../stores/user-store';
import { shouldRetry } from './light-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
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

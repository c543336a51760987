import { QueryClient } from '@tanstack/react-query';
import { useUserStore } from '../stores/user-store';
import { DEFAULT_STALE_TIME, GC_TIME, shouldRetry } from './light-query';

/**
 * How soon a paged answer whose total is an estimate (`totalIsEstimate`: the server is still counting a large list
 * for the first time) is asked for again, so the pager moves from "about N" to the exact figure by itself.
 */
export const ESTIMATED_TOTAL_REFETCH_MS = 3_000;

/** A paged answer (the whole envelope) whose total is the server's estimate. */
export function hasEstimatedTotal(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { totalIsEstimate?: unknown }).totalIsEstimate === true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_TIME,
        gcTime: GC_TIME,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        refetchInterval: (query) => (hasEstimatedTotal(query.state.data) ? ESTIMATED_TOTAL_REFETCH_MS : false),
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

import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client';

/**
 * TanStack Query for the signed-in and onboarding screens: their layouts (and the dev outbox) mount it, so the
 * public and guest pages, which use lib/light-query.ts, never download it.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

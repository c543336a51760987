import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Payout, PayoutLine, PayoutStatus } from '@postwise/shared/billing';
import { downloadBlob, get, getById, getPage, post } from '../../../lib/api-client';

export interface PayoutFilters {
  subAdminId?: string | undefined;
  status?: PayoutStatus | undefined;
  period?: string | undefined;
}

export const payoutKeys = {
  all: ['payouts'] as const,
  list: (pageNo: number, pageSize: number, filters: PayoutFilters) =>
    [...payoutKeys.all, 'list', pageNo, pageSize, filters] as const,
  detail: (id: string) => [...payoutKeys.all, 'detail', id] as const,
  lines: (id: string) => [...payoutKeys.all, 'lines', id] as const,
};

export function usePayoutList(pageNo: number, pageSize: number, filters: PayoutFilters) {
  return useQuery({
    queryKey: payoutKeys.list(pageNo, pageSize, filters),
    queryFn: () => getPage<Payout>('payouts', { pageNo, pageSize, query: { ...filters } }),
    placeholderData: keepPreviousData,
  });
}

export function usePayout(id: string) {
  return useQuery({ queryKey: payoutKeys.detail(id), queryFn: () => getById<Payout>('payouts', id), retry: false });
}

export function usePayoutLines(id: string) {
  return useQuery({
    queryKey: payoutKeys.lines(id),
    queryFn: () => get<PayoutLine[]>(`payouts/${encodeURIComponent(id)}/lines`),
  });
}

export function downloadPayout(payout: Pick<Payout, 'id' | 'periodStart'>, kind: 'csv' | 'pdf'): Promise<Blob> {
  return downloadBlob(
    `payouts/${encodeURIComponent(payout.id)}/${kind}`,
    `payout-${payout.periodStart.slice(0, 7)}.${kind}`,
  );
}

export function useApprovePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => post<Payout>(`payouts/${encodeURIComponent(id)}/approve`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}

export function useMarkPayoutPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reference }: { id: string; reference: string }) =>
      post<Payout>(`payouts/${encodeURIComponent(id)}/paid`, { reference }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}

/** The sub-admins for the super admin's payout filter (first 100, by name). */
export function useSubAdminChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['sub-admins', 'choices'],
    queryFn: () => getPage<{ id: string; email: string; fullName: string }>('sub-admins', { pageNo: 1, pageSize: 100 }),
    enabled,
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanValidity } from '@postwise/shared/constants';
import type { Plan, PlanAudience } from '@postwise/shared/plans';
import type { PlanInput } from '@postwise/shared/schemas/billing';
import { del, getById, getPage, post, put } from '../../../lib/api-client';

export const planKeys = {
  all: ['plans'] as const,
  list: (audience: PlanAudience, validity: PlanValidity, isSubAdmin: boolean) =>
    [...planKeys.all, 'list', audience, validity, isSubAdmin] as const,
  detail: (id: string) => [...planKeys.all, 'detail', id] as const,
};

/**
 * GET plans without server paging (spec 7): the super admin's customer or sub-admin plans; a sub-admin's own
 * customer plans are asked for with mode=available (spec 6).
 */
export function usePlanList(audience: PlanAudience, validity: PlanValidity, isSubAdmin: boolean) {
  return useQuery({
    queryKey: planKeys.list(audience, validity, isSubAdmin),
    queryFn: () =>
      getPage<Plan>('plans', {
        query: { validity, serverPaging: false, ...(isSubAdmin ? { mode: 'available' } : { audience }) },
      }).then((page) => page.items),
  });
}

export function usePlan(id: string | undefined) {
  return useQuery({
    queryKey: planKeys.detail(id ?? ''),
    queryFn: () => getById<Plan>('plans', id ?? ''),
    enabled: !!id,
    retry: false,
  });
}

export function useSavePlan(audience: PlanAudience, id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlanInput) =>
      id ? put<Plan>('plans', id, input) : post<Plan>('plans', { ...input, audience }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}

export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => del<{ id: string }>('plans', id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}

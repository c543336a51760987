import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Store } from '@postwise/shared/admin';
import type { StoreInput } from '@postwise/shared/schemas/admin';
import { del, getById, getPage, post, put } from '../../../lib/api-client';

export const storeKeys = {
  all: ['stores'] as const,
  list: (pageNo: number, pageSize: number, search: string | undefined) =>
    [...storeKeys.all, 'list', { pageNo, pageSize, search }] as const,
  detail: (id: string) => [...storeKeys.all, 'detail', id] as const,
};

export function useStores(pageNo: number, pageSize: number, search: string | undefined) {
  return useQuery({
    queryKey: storeKeys.list(pageNo, pageSize, search),
    queryFn: () => getPage<Store>('stores', { pageNo, pageSize, query: { search } }),
    placeholderData: keepPreviousData,
  });
}

export function useStore(id: string | null) {
  return useQuery({
    queryKey: storeKeys.detail(id ?? ''),
    queryFn: () => getById<Store>('stores', id ?? ''),
    enabled: Boolean(id),
  });
}

export function useSaveStore(id: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StoreInput) => (id ? put<Store>('stores', id, input) : post<Store>('stores', input)),
    onSuccess: () => client.invalidateQueries({ queryKey: storeKeys.all }),
  });
}

export function useDeleteStore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => del<null>('stores', id),
    onSuccess: () => client.invalidateQueries({ queryKey: storeKeys.all }),
  });
}

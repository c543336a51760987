import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiPage } from '@postwise/shared/api-types';
import type { AuditEntry, ManagedUserDetail, ManagedUserItem } from '@postwise/shared/admin';
import type { MySubscription } from '@postwise/shared/billing';
import type { AddCustomerInput, AddSubAdminInput, UpdateManagedUserInput } from '@postwise/shared/schemas/admin';
import { get, getById, getPage, post, put } from '../../../lib/api-client';

/** The three admin lists of accounts; each has its API path and its list page. */
export type AccountKind = 'customers' | 'sub-admins' | 'referred-clients';

export interface ListQuery {
  pageNo: number;
  pageSize: number;
  filters: Record<string, unknown>;
}

export const accountKeys = {
  all: ['managed-accounts'] as const,
  lists: (kind: AccountKind) => [...accountKeys.all, kind, 'list'] as const,
  list: (kind: AccountKind, query: ListQuery) => [...accountKeys.lists(kind), query] as const,
  detail: (kind: AccountKind, id: string) => [...accountKeys.all, kind, 'detail', id] as const,
  activity: (userId: string, pageNo: number) => [...accountKeys.all, 'activity', userId, pageNo] as const,
  subscription: (userId: string) => [...accountKeys.all, 'subscription', userId] as const,
};

/** GET customers | sub-admins | referred-clients with the page input of spec 7 (query flattened). */
export function listAccounts(kind: AccountKind, { pageNo, pageSize, filters }: ListQuery) {
  return getPage<ManagedUserItem>(kind, { pageNo, pageSize, query: filters });
}

export function useAccountList(kind: AccountKind, query: ListQuery) {
  return useQuery({
    queryKey: accountKeys.list(kind, query),
    queryFn: () => listAccounts(kind, query),
    placeholderData: keepPreviousData,
  });
}

export function useAccountDetail(kind: AccountKind, id: string | undefined) {
  return useQuery({
    queryKey: accountKeys.detail(kind, id ?? ''),
    queryFn: () => getById<ManagedUserDetail>(kind, id ?? ''),
    enabled: Boolean(id),
  });
}

export function useAddAccount(kind: 'customers' | 'sub-admins') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AddCustomerInput | AddSubAdminInput) => post<ManagedUserDetail>(kind, input),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.lists(kind) }),
  });
}

export function useUpdateAccount(kind: 'customers' | 'sub-admins', id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateManagedUserInput) => put<ManagedUserDetail>(kind, id, input),
    onSuccess: (detail) => {
      client.setQueryData(accountKeys.detail(kind, id), detail);
      void client.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
}

export function useActivity(userId: string, pageNo: number, pageSize = 5) {
  return useQuery({
    queryKey: accountKeys.activity(userId, pageNo),
    queryFn: () =>
      getPage<AuditEntry>(`accounts/${userId}/activity`, { pageNo, pageSize }) as Promise<ApiPage<AuditEntry>>,
    placeholderData: keepPreviousData,
  });
}

export function useAccountSubscription(userId: string) {
  return useQuery({
    queryKey: accountKeys.subscription(userId),
    queryFn: () => get<MySubscription>(`accounts/${userId}/subscription`),
  });
}

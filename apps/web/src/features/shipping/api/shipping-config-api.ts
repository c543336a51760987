import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ManagedUserItem } from '@postwise/shared/admin';
import type {
  AdjustmentType,
  CarrierConfigDto,
  MarginDiscountDto,
  ShippingAccountDto,
} from '@postwise/shared/shipping-api';
import { del, get, getPage, post, put, request } from '../../../lib/api-client';
import { shippingKeys } from './shipping-api';

export interface CarrierUpdate {
  provider: CarrierConfigDto['provider'];
  enabled?: boolean;
  /** Write-only; an empty string removes the stored key. */
  apiKey?: string | null;
  disabledServices?: string[];
}

export interface MarginDiscountInput {
  kind: MarginDiscountDto['kind'];
  userId?: string | null;
  carrier?: string | null;
  service?: string | null;
  type: AdjustmentType;
  value: number;
}

export const configKeys = {
  carriers: () => [...shippingKeys.all, 'carriers'] as const,
  margins: () => [...shippingKeys.all, 'margin-discounts'] as const,
  marginPage: (kind: MarginDiscountDto['kind'], pageNo: number, pageSize: number) =>
    [...configKeys.margins(), kind, pageNo, pageSize] as const,
  account: (userId: string) => [...shippingKeys.all, 'shipping-account', userId] as const,
  customers: (search: string) => [...shippingKeys.all, 'customer-picker', search] as const,
};

export function useCarrierConfigs() {
  return useQuery({ queryKey: configKeys.carriers(), queryFn: () => get<CarrierConfigDto[]>('carriers') });
}

export function useUpdateCarrier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CarrierUpdate) => request<CarrierConfigDto>('PUT', 'carriers', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configKeys.carriers() }),
  });
}

export function useTestCarrier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: CarrierConfigDto['provider']) =>
      post<{ ok: boolean; message: string }>('carriers/test', { provider }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: configKeys.carriers() }),
  });
}

export function useMarginDiscountPage(kind: MarginDiscountDto['kind'], pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: configKeys.marginPage(kind, pageNo, pageSize),
    queryFn: () => getPage<MarginDiscountDto>('margin-discounts', { pageNo, pageSize, query: { kind } }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveMarginDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarginDiscountInput) => request<MarginDiscountDto>('PUT', 'margin-discounts', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configKeys.margins() }),
  });
}

export function useDeleteMarginDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => del<{ id: string }>('margin-discounts', id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configKeys.margins() }),
  });
}

/** Customers to pick for a discount or a credit limit, searched by name or e-mail. */
export function useCustomerPicker(search: string) {
  return useQuery({
    queryKey: configKeys.customers(search),
    queryFn: () =>
      getPage<ManagedUserItem>('customers', { pageNo: 1, pageSize: 20, query: { search: search || undefined } }).then(
        (p) => p.items,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useShippingAccount(userId: string | null) {
  return useQuery({
    queryKey: configKeys.account(userId ?? ''),
    queryFn: () => get<ShippingAccountDto>(`shipping-accounts/${encodeURIComponent(userId!)}`),
    enabled: !!userId,
    retry: false,
  });
}

export function useSetCreditLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, creditLimitCents }: { userId: string; creditLimitCents: number }) =>
      put<ShippingAccountDto>('shipping-accounts', userId, { creditLimitCents }),
    onSuccess: (data) => queryClient.setQueryData(configKeys.account(data.userId), data),
  });
}

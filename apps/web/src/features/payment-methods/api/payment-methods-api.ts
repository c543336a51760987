import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedPaymentMethod } from '@postwise/shared/billing';
import { del, getPage, request } from '../../../lib/api-client';
import { paymentMethodKeys } from '../../../components/payments/payments-api';

/** GET paymentMethods: the caller's cards, the default first (a whole list). */
export function listPaymentMethods(): Promise<SavedPaymentMethod[]> {
  return getPage<SavedPaymentMethod>('paymentMethods', {}).then((page) => page.items);
}

export function usePaymentMethods() {
  return useQuery({ queryKey: paymentMethodKeys.list(), queryFn: listPaymentMethods });
}

/** The change-default call of spec 7 (PUT paymentMethods/change-default/{id}, empty body). */
export function changeDefaultPaymentMethod(id: string): Promise<SavedPaymentMethod> {
  return request<SavedPaymentMethod>('PUT', `paymentMethods/change-default/${encodeURIComponent(id)}`, { body: {} });
}

export function useChangeDefaultPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeDefaultPaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodKeys.all }),
  });
}

export function useRemovePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => del<{ id: string }>('paymentMethods', id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodKeys.all }),
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentsClientConfig, SavedPaymentMethod } from '@postwise/shared/billing';
import { get, post } from '../../lib/api-client';

/** Query keys of everything about the signed-in user's cards (shared by the card dialog and the cards page). */
export const paymentMethodKeys = {
  all: ['payment-methods'] as const,
  config: () => [...paymentMethodKeys.all, 'config'] as const,
  list: () => [...paymentMethodKeys.all, 'list'] as const,
};

/** GET paymentMethods/config: the sandbox card form or Stripe Elements (with its publishable key). */
export function getPaymentsConfig(): Promise<PaymentsClientConfig> {
  return get<PaymentsClientConfig>('paymentMethods/config');
}

export function paymentsConfigQueryOptions() {
  return queryOptions({ queryKey: paymentMethodKeys.config(), queryFn: getPaymentsConfig, staleTime: Infinity });
}

export function usePaymentsConfig(enabled = true) {
  return useQuery({ ...paymentsConfigQueryOptions(), enabled });
}

/** What POST paymentMethods takes: the sandbox form's card, or a Stripe PaymentMethod id. */
export type SavePaymentMethodInput =
  | { card: { number: string; expMonth: number; expYear: number; cvc: string }; isDefault?: boolean }
  | { paymentMethodId: string; isDefault?: boolean };

export function savePaymentMethod(input: SavePaymentMethodInput): Promise<SavedPaymentMethod | undefined> {
  return post<SavedPaymentMethod | undefined>('paymentMethods', input);
}

export function useSavePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodKeys.all }),
  });
}

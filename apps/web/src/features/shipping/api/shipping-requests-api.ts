import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentChoice } from '@postwise/shared/schemas/shipping';
import type { ShipmentDto } from '@postwise/shared/schemas/shipping-dto';
import type { ShippingRequestDto, ShippingRequestStatus } from '@postwise/shared/shipping-api';
import { getPage, post } from '../../../lib/api-client';
import { shippingKeys } from './shipping-api';

export interface ShippingRequestQuoteInput {
  carrier: string;
  service: string;
  priceCents: number;
  costCents?: number | undefined;
  transitDays?: number | undefined;
  note?: string | null | undefined;
}

const requestKeys = {
  all: () => [...shippingKeys.all, 'shipping-requests'] as const,
  page: (pageNo: number, pageSize: number, status?: ShippingRequestStatus, search?: string) =>
    [...requestKeys.all(), pageNo, pageSize, status ?? '', search ?? ''] as const,
};

export function useShippingRequestPage(
  pageNo: number,
  pageSize: number,
  status?: ShippingRequestStatus,
  search?: string,
) {
  return useQuery({
    queryKey: requestKeys.page(pageNo, pageSize, status, search),
    queryFn: () => getPage<ShippingRequestDto>('shipping-requests', { pageNo, pageSize, query: { status, search } }),
    placeholderData: keepPreviousData,
  });
}

/** POST shipping-requests: the wizard's sender, receiver and packages with what is being shipped. */
export function useCreateShippingRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => post<ShippingRequestDto>('shipping-requests', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.all() }),
  });
}

export function useQuoteShippingRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ShippingRequestQuoteInput }) =>
      post<ShippingRequestDto>(`shipping-requests/${encodeURIComponent(id)}/quote`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.all() }),
  });
}

/** Accept the quote and pay (card or later) with an Idempotency-Key: it becomes a shipment with a label. */
export function useAcceptShippingRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payment, idempotencyKey }: { id: string; payment: PaymentChoice; idempotencyKey: string }) =>
      post<ShipmentDto>(
        `shipping-requests/${encodeURIComponent(id)}/accept`,
        { payment },
        { headers: { 'Idempotency-Key': idempotencyKey } },
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: shippingKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['invoices'] });
    },
  });
}

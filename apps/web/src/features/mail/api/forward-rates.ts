import { useQuery } from '@tanstack/react-query';
import type { ForwardRates } from '@postwise/shared/mail-api';
import type { ForwardAddress } from '@postwise/shared/schemas/mail';
import { get } from '../../../lib/api-client';
import { mailKeys } from './mail-items';

export interface ForwardRatesInput {
  itemId: string;
  address: ForwardAddress;
  /** The other items going in the same parcel. */
  itemIds: readonly string[];
  declaredValueCents: number;
}

export const forwardRateKeys = {
  rates: (input: ForwardRatesInput) => [...mailKeys.all, 'forward-rates', input] as const,
};

/** GET mail-items/{id}/forward-rates: the carriers' live rates for the parcel (or the fixed formula, marked). */
export function getForwardRates(input: ForwardRatesInput): Promise<ForwardRates> {
  const { itemId, address, itemIds, declaredValueCents } = input;
  return get<ForwardRates>(`mail-items/${encodeURIComponent(itemId)}/forward-rates`, {
    ...address,
    ...(itemIds.length ? { itemIds: itemIds.join(',') } : {}),
    declaredValueCents,
  });
}

/** The rates of the payment step; they are kept for a while server-side, so no refetch on focus. */
export function useForwardRates(input: ForwardRatesInput | null) {
  return useQuery({
    queryKey: input ? forwardRateKeys.rates(input) : [...mailKeys.all, 'forward-rates', 'none'],
    queryFn: () => getForwardRates(input!),
    enabled: Boolean(input),
    staleTime: 10 * 60_000,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

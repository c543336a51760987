import { useMutation } from '@tanstack/react-query';
import type { QuickQuoteRequestInput, QuickQuoteResult } from '@postwise/shared/shipping/quick-quote';
import { post } from '../../../lib/api-client';

/** POST shipments/quick-quote: rates from two ZIP codes (or a country) and a weight, nothing stored. */
export function useQuickQuote() {
  return useMutation({
    mutationFn: (input: QuickQuoteRequestInput) => post<QuickQuoteResult>('shipments/quick-quote', input),
  });
}

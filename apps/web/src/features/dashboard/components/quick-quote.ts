import { normalizePostalCode, quickQuoteSchema, type QuickQuoteInput } from '@postwise/shared/schemas/shipping';
import {
  QUICK_QUOTE_API_MESSAGES,
  type QuickQuoteRate,
  type QuickQuoteRequestInput,
  type QuickQuoteResult,
} from '@postwise/shared/shipping/quick-quote';

export type QuickQuoteField = keyof QuickQuoteInput;

/** The card's form: from ZIP, to ZIP (or another country and its postal code) and a weight in pounds. */
export interface QuickQuoteForm extends QuickQuoteInput {
  /** Two letters; US by default. */
  toCountry?: string;
}

/** The countries the card offers besides the US (anywhere else is quoted in the wizard). */
export const QUICK_QUOTE_COUNTRIES = [
  ['US', 'United States'],
  ['CA', 'Canada'],
  ['MX', 'Mexico'],
  ['GB', 'United Kingdom'],
  ['DE', 'Germany'],
  ['FR', 'France'],
  ['AU', 'Australia'],
  ['JP', 'Japan'],
] as const;

const abroad = (value: QuickQuoteForm) => (value.toCountry ?? 'US').toUpperCase() !== 'US';

/**
 * The first message of each field (an empty ZIP says "required", not "must be a US ZIP code"). To another country
 * the postal code is optional and checked by that country's format.
 */
export function quickQuoteErrors(value: QuickQuoteForm): Partial<Record<QuickQuoteField, string>> {
  const errors: Partial<Record<QuickQuoteField, string>> = {};
  const parsed = quickQuoteSchema.safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as QuickQuoteField;
      errors[field] ??= issue.message;
    }
  }
  if (abroad(value)) {
    delete errors.toZip;
    const zip = String(value.toZip ?? '').trim();
    if (zip && normalizePostalCode(value.toCountry!.toUpperCase(), zip) === null)
      errors.toZip = QUICK_QUOTE_API_MESSAGES.toPostal;
  }
  return errors;
}

/** The API's request of a valid form (weights in pounds). */
export function quickQuoteRequest(value: QuickQuoteForm): QuickQuoteRequestInput {
  const fromZip = String(value.fromZip).trim();
  const toZip = String(value.toZip ?? '').trim();
  const weight = Number(String(value.weight).trim());
  return abroad(value)
    ? { fromZip, toCountry: value.toCountry!.toUpperCase(), ...(toZip ? { toZip } : {}), weight, weightUnit: 'lb' }
    : { fromZip, toZip, weight, weightUnit: 'lb' };
}

/**
 * The wizard's address of a quick quote: /create?fromZip=…&toZip=…&weight=… (the wizard pre-fills them), with
 * toCountry for another country and the chosen carrier and service when "Ship this" was pressed on a rate.
 */
export function quickQuoteUrl(value: QuickQuoteForm, rate?: Pick<QuickQuoteRate, 'carrier' | 'service'>): string {
  const body = quickQuoteRequest(value);
  const params = new URLSearchParams({ fromZip: body.fromZip ?? '' });
  if (body.toZip) params.set('toZip', body.toZip);
  if (body.toCountry) params.set('toCountry', body.toCountry);
  params.set('weight', String(body.weight));
  if (rate) {
    params.set('carrier', rate.carrier);
    params.set('service', rate.service);
  }
  return `/create?${params.toString()}`;
}

/** The offers the card shows: the cheapest and the fastest, once when they are the same service. */
export function quickQuoteOffers(result: QuickQuoteResult): { title: string; rate: QuickQuoteRate }[] {
  const { cheapest, fastest } = result;
  if (!cheapest || !fastest) return [];
  if (cheapest.carrier === fastest.carrier && cheapest.service === fastest.service)
    return [{ title: 'Cheapest and fastest', rate: cheapest }];
  return [
    { title: 'Cheapest', rate: cheapest },
    { title: 'Fastest', rate: fastest },
  ];
}

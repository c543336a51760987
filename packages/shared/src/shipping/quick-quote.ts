import { z } from 'zod';
import { normalizePostalCode, QUICK_QUOTE_MESSAGES, WEIGHT_UNITS } from '../schemas/shipping';
import { stateOfZip } from './zip-prefixes';

export const QUICK_QUOTE_API_MESSAGES = {
  ...QUICK_QUOTE_MESSAGES,
  fromCountry: 'From country must be a two-letter country code',
  toCountry: 'To country must be a two-letter country code',
  fromPostal: 'From postal code is not valid for that country',
  toPostal: 'To postal code is not valid for that country',
} as const;

const country = (message: string) =>
  z
    .string(message)
    .trim()
    .regex(/^[A-Za-z]{2}$/, message)
    .transform((v) => v.toUpperCase())
    .default('US');

/**
 * POST shipments/quick-quote: two ZIP codes (or countries) and a weight, no street address. A US end needs a ZIP
 * whose prefix USPS assigned (the ZIP-to-state table gives its state); another country's postal code is optional
 * and checked by that country's format when given.
 */
export const quickQuoteRequestSchema = z
  .object({
    fromZip: z.string().trim().max(16).optional(),
    fromCountry: country(QUICK_QUOTE_API_MESSAGES.fromCountry),
    toZip: z.string().trim().max(16).optional(),
    toCountry: country(QUICK_QUOTE_API_MESSAGES.toCountry),
    weight: z
      .number(QUICK_QUOTE_MESSAGES.weightRequired)
      .positive(QUICK_QUOTE_MESSAGES.weight)
      .max(10_000, QUICK_QUOTE_MESSAGES.weight),
    weightUnit: z.enum(WEIGHT_UNITS).default('lb'),
  })
  .superRefine((q, ctx) => {
    const ends = [
      ['fromZip', q.fromZip, q.fromCountry, 'fromZipRequired', 'fromZip', 'fromPostal'],
      ['toZip', q.toZip, q.toCountry, 'toZipRequired', 'toZip', 'toPostal'],
    ] as const;
    for (const [path, zip, code, required, usWrong, wrong] of ends) {
      if (code === 'US') {
        if (!zip) ctx.addIssue({ code: 'custom', path: [path], message: QUICK_QUOTE_API_MESSAGES[required] });
        else if (!stateOfZip(zip))
          ctx.addIssue({ code: 'custom', path: [path], message: QUICK_QUOTE_API_MESSAGES[usWrong] });
      } else if (zip && normalizePostalCode(code, zip) === null) {
        ctx.addIssue({ code: 'custom', path: [path], message: QUICK_QUOTE_API_MESSAGES[wrong] });
      }
    }
  })
  .meta({ id: 'QuickQuoteRequest' });
export type QuickQuoteRequest = z.output<typeof quickQuoteRequestSchema>;
export type QuickQuoteRequestInput = z.input<typeof quickQuoteRequestSchema>;

export const quickQuoteRateSchema = z
  .object({
    carrier: z.string(),
    service: z.string(),
    category: z.enum(['Ground', '2-Day', 'Overnight', 'International']),
    /** The carrier's retail price, shown struck through. */
    retailCents: z.number().int(),
    /** Our price: what is charged. */
    priceCents: z.number().int(),
    savingCents: z.number().int(),
    savingPercent: z.number().int(),
    transitDays: z.number().int(),
    /** YYYY-MM-DD. */
    expectedDeliveryDate: z.string(),
  })
  .meta({ id: 'QuickQuoteRate' });
export type QuickQuoteRate = z.infer<typeof quickQuoteRateSchema>;

export const quickQuoteResultSchema = z
  .object({
    /** Every service that fits, cheapest first. */
    rates: z.array(quickQuoteRateSchema),
    cheapest: quickQuoteRateSchema.nullable(),
    fastest: quickQuoteRateSchema.nullable(),
  })
  .meta({ id: 'QuickQuoteResult' });
export type QuickQuoteResult = z.infer<typeof quickQuoteResultSchema>;

/** The cheapest (then the sooner) and the fastest (then the cheaper) of a set of rates; null when there are none. */
export function cheapestAndFastest<T extends { priceCents: number; transitDays: number }>(
  rates: readonly T[],
): { cheapest: T | null; fastest: T | null } {
  let cheapest: T | null = null;
  let fastest: T | null = null;
  for (const r of rates) {
    if (
      !cheapest ||
      r.priceCents < cheapest.priceCents ||
      (r.priceCents === cheapest.priceCents && r.transitDays < cheapest.transitDays)
    )
      cheapest = r;
    if (
      !fastest ||
      r.transitDays < fastest.transitDays ||
      (r.transitDays === fastest.transitDays && r.priceCents < fastest.priceCents)
    )
      fastest = r;
  }
  return { cheapest, fastest };
}

/**
 * The parcel a quick quote rates: its weight in a small box whose size never counts (its dimensional weight,
 * 64 in³ / 139, is under half a pound), so the price is the weight's.
 */
export function quickQuoteParcel(q: Pick<QuickQuoteRequest, 'weight' | 'weightUnit'>) {
  return {
    packageType: 'Box' as const,
    dimension: { unit: 'in' as const, length: 4, width: 4, height: 4 },
    weight: q.weight,
    weightUnits: q.weightUnit,
    numberOfPackages: 1,
    insuranceDeclared: null,
    contentDescription: null,
    trackingNumber: null,
  };
}

import { z } from 'zod';

/**
 * Upper bounds of every money and count input (issue "money and counts overflow"): far above anything real, far
 * below what a 32-bit column or a sum of them could not hold, so a typo or an attack answers 422, never 500.
 */
export const NUMBER_LIMITS = {
  /** Any one amount typed in: a price, a fee, a quote, a declared value: $100,000. */
  amountCents: 10_000_000,
  /** A customer's pay-later credit limit: $1,000,000. */
  creditLimitCents: 100_000_000,
  /** Scans in a plan, stores or mailboxes a plan allows. */
  count: 100_000,
} as const;

export const NUMBER_MESSAGES = {
  amountTooLarge: 'Amounts cannot be more than $100,000.00',
  creditLimitTooLarge: 'A credit limit cannot be more than $1,000,000.00',
  countTooLarge: 'Counts cannot be more than 100,000',
} as const;

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** Decimal text (a form field, a multipart part) becomes its number; anything else is left for the schema to judge. */
function textToNumber(value: unknown): unknown {
  return typeof value === 'string' && DECIMAL.test(value.trim()) ? Number(value.trim()) : value;
}

/**
 * A number schema that also takes decimal text (form fields and multipart parts are text), but never a boolean, an
 * array or an object, which z.coerce would turn into 1 or 5.
 */
export function numeric<T extends z.ZodType>(schema: T) {
  return z.preprocess(textToNumber, schema);
}

/** Whole cents from 0 up to the amount bound, as JSON numbers only (JSON bodies). */
export function cents(message: string, max: number = NUMBER_LIMITS.amountCents) {
  return z
    .number({ error: message })
    .int(message)
    .min(0, message)
    .max(
      max,
      max === NUMBER_LIMITS.creditLimitCents ? NUMBER_MESSAGES.creditLimitTooLarge : NUMBER_MESSAGES.amountTooLarge,
    );
}

/** A whole count from `min` up to the count bound, as JSON numbers only. */
export function count(message: string, min = 0) {
  return z
    .number({ error: message })
    .int(message)
    .min(min, message)
    .max(NUMBER_LIMITS.count, NUMBER_MESSAGES.countTooLarge);
}

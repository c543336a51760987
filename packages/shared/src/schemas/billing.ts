import { z } from 'zod';
import { cents as centsOf, count, NUMBER_LIMITS, NUMBER_MESSAGES } from './numbers';
import { PLAN_VALIDITIES } from '../constants';

/** Luhn checksum of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

/** The card network from the number's prefix (as Stripe reports `card.brand`). */
export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^3(0[0-5]|[68])/.test(digits)) return 'diners';
  if (/^35/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

export const CARD_MESSAGES = {
  numberRequired: 'Card number is required',
  numberInvalid: 'Your card number is invalid.',
  expiryRequired: 'Expiry date is required',
  expiryInvalid: "Your card's expiration date is invalid.",
  expired: "Your card's expiration year is in the past.",
  cvcRequired: 'CVC is required',
  cvcInvalid: "Your card's security code is invalid.",
  consent: 'Please agree to automatic charges to save the card.',
} as const;

function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/**
 * A card typed into the sandbox form (the embedded default's stand-in for Stripe Elements). `today` is the
 * clock the expiry is judged by (server: the app clock).
 */
export function sandboxCardSchema(today: () => Date = () => new Date()) {
  return z
    .object({
      number: z
        .string()
        .transform(cardDigits)
        .pipe(
          z
            .string()
            .min(1, CARD_MESSAGES.numberRequired)
            .refine((d) => luhnValid(d), CARD_MESSAGES.numberInvalid),
        ),
      expMonth: z.coerce
        .number({ error: CARD_MESSAGES.expiryInvalid })
        .int(CARD_MESSAGES.expiryInvalid)
        .min(1, CARD_MESSAGES.expiryInvalid)
        .max(12, CARD_MESSAGES.expiryInvalid),
      expYear: z.coerce
        .number({ error: CARD_MESSAGES.expiryInvalid })
        .int(CARD_MESSAGES.expiryInvalid)
        .min(2000, CARD_MESSAGES.expiryInvalid)
        .max(2100, CARD_MESSAGES.expiryInvalid),
      cvc: z
        .string()
        .trim()
        .min(1, CARD_MESSAGES.cvcRequired)
        .regex(/^\d{3,4}$/, CARD_MESSAGES.cvcInvalid),
    })
    .superRefine((card, ctx) => {
      const now = today();
      const year = now.getUTCFullYear();
      const month = now.getUTCMonth() + 1;
      if (card.expYear < year || (card.expYear === year && card.expMonth < month)) {
        ctx.addIssue({ code: 'custom', path: ['expYear'], message: CARD_MESSAGES.expired });
      }
      const amex = cardBrand(card.number) === 'amex';
      if (amex ? card.cvc.length !== 4 : card.cvc.length !== 3) {
        ctx.addIssue({ code: 'custom', path: ['cvc'], message: CARD_MESSAGES.cvcInvalid });
      }
    });
}
export type SandboxCardInput = z.input<ReturnType<typeof sandboxCardSchema>>;

/** "MM / YY" as typed in the card form → month and four-digit year, or null. */
export function parseExpiry(value: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const expMonth = Number(match[1]);
  const year = Number(match[2]);
  return { expMonth, expYear: year < 100 ? 2000 + year : year };
}

/** Plan selection (spec 5). */
export const PLAN_SELECTION_MESSAGES = {
  required: 'Plan is required',
  beforeBuy: 'Please select a subscription plan before proceeding.',
} as const;

/** POST subscriptions: the plan and the user it is bought for (spec 7). */
export const purchaseSchema = z.object({
  plan: z.uuid({ error: PLAN_SELECTION_MESSAGES.required }),
  user: z.uuid({ error: 'User is required' }),
});
export type PurchaseInput = z.infer<typeof purchaseSchema>;

export const PLAN_MESSAGES = {
  name: 'Plan name is required',
  nameMax: 'Plan name cannot exceed 80 characters',
  price: 'Price is required',
  amount: 'Enter an amount of 0 or more with at most 2 decimals',
  validity: 'Validity is required',
  scanCount: 'Scan count must be a whole number of 0 or more',
  stores: 'Number of stores must be a whole number of 1 or more',
  mailboxes: 'Number of mailboxes must be a whole number of 1 or more',
} as const;

const cents = centsOf(PLAN_MESSAGES.amount);

export const ADDITIONAL_FEE_KEYS = [
  'packageReceiving',
  'packageConsolidation',
  'overWeight',
  'mailStorage',
  'packageStorage',
  'palletReceiving',
  'palletStorage',
] as const;
export const PENALTY_FEE_KEYS = ['wrongAddress', 'late', 'reinstatement'] as const;

/** Labels of the fee fields (spec 3 names) and what each is charged for (spec 9). */
export const FEE_LABELS: Record<(typeof ADDITIONAL_FEE_KEYS)[number] | (typeof PENALTY_FEE_KEYS)[number], string> = {
  packageReceiving: 'Package receiving',
  packageConsolidation: 'Package consolidation',
  overWeight: 'Overweight',
  mailStorage: 'Mail storage',
  packageStorage: 'Package storage',
  palletReceiving: 'Pallet receiving',
  palletStorage: 'Pallet storage',
  wrongAddress: 'Wrong address',
  late: 'Late payment',
  reinstatement: 'Reinstatement',
};

export const FEE_HINTS: Partial<Record<keyof typeof FEE_LABELS, string>> = {
  packageReceiving: 'Per package after 5 free a month',
  packageConsolidation: 'Per consolidation',
  overWeight: '50+ lb, or L+W+H of 50 or more',
  mailStorage: 'Per item and day after 30 days',
  packageStorage: 'Per package and day after 3 days',
  palletReceiving: 'Per pallet',
  palletStorage: 'Per pallet and day after 3 days',
  wrongAddress: 'Per item sent to a wrong address',
  late: 'Per week an invoice stays unpaid',
  reinstatement: 'After 15 days of non-payment',
};

/** Plan create/update body (spec 3), money in integer cents. Sub-admin plans also carry store and mailbox counts. */
export const planInputSchema = z.object({
  name: z.string({ error: PLAN_MESSAGES.name }).trim().min(1, PLAN_MESSAGES.name).max(80, PLAN_MESSAGES.nameMax),
  description: z.string().trim().max(500).nullish(),
  price: cents,
  validity: z.enum(PLAN_VALIDITIES, { error: PLAN_MESSAGES.validity }),
  isPopular: z.boolean().default(false),
  scanCount: count(PLAN_MESSAGES.scanCount, 0),
  numberOfStores: count(PLAN_MESSAGES.stores, 1).nullish(),
  numberOfMailboxes: count(PLAN_MESSAGES.mailboxes, 1).nullish(),
  additionalFee: z.object(
    Object.fromEntries(ADDITIONAL_FEE_KEYS.map((k) => [k, cents])) as Record<
      (typeof ADDITIONAL_FEE_KEYS)[number],
      typeof cents
    >,
  ),
  penaltyFee: z.object(
    Object.fromEntries(PENALTY_FEE_KEYS.map((k) => [k, cents])) as Record<
      (typeof PENALTY_FEE_KEYS)[number],
      typeof cents
    >,
  ),
});
export type PlanInput = z.input<typeof planInputSchema>;

/** A dollar amount as typed ("19.99", "20") → cents, or null when it is not one. */
export function dollarsToCents(value: string): number | null {
  const trimmed = value.trim().replace(/^\$/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function centsToDollars(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

const dollars = (required?: string) =>
  z
    .string()
    .trim()
    .min(required ? 1 : 0, required ?? PLAN_MESSAGES.amount)
    .refine((v) => v === '' || dollarsToCents(v) !== null, PLAN_MESSAGES.amount)
    .refine((v) => v === '' || (dollarsToCents(v) ?? 0) <= NUMBER_LIMITS.amountCents, NUMBER_MESSAGES.amountTooLarge);
const wholeNumber = (message: string, min: number, optional = false) =>
  z
    .string()
    .trim()
    .refine((v) => (optional && v === '') || (/^\d+$/.test(v) && Number(v) >= min), message)
    .refine((v) => v === '' || !/^\d+$/.test(v) || Number(v) <= NUMBER_LIMITS.count, NUMBER_MESSAGES.countTooLarge);

/**
 * The add/edit plan form (spec 2.1 plan lists with /add and /edit): amounts typed in dollars, counts as
 * text. `planFormToInput` turns a valid form into the API body.
 */
export function planFormSchema(kind: 'customer' | 'sub_admin') {
  const fees = <K extends string>(keys: readonly K[]) =>
    z.object(Object.fromEntries(keys.map((k) => [k, dollars()])) as Record<K, ReturnType<typeof dollars>>);
  return z.object({
    name: z.string().trim().min(1, PLAN_MESSAGES.name).max(80, PLAN_MESSAGES.nameMax),
    description: z.string().trim().max(500),
    price: dollars(PLAN_MESSAGES.price),
    validity: z.enum(PLAN_VALIDITIES, { error: PLAN_MESSAGES.validity }),
    isPopular: z.boolean(),
    scanCount: wholeNumber(PLAN_MESSAGES.scanCount, 0),
    numberOfStores: wholeNumber(PLAN_MESSAGES.stores, 1, kind === 'customer'),
    numberOfMailboxes: wholeNumber(PLAN_MESSAGES.mailboxes, 1, kind === 'customer'),
    additionalFee: fees(ADDITIONAL_FEE_KEYS),
    penaltyFee: fees(PENALTY_FEE_KEYS),
  });
}
export type PlanFormValues = z.infer<ReturnType<typeof planFormSchema>>;

export function planFormToInput(form: PlanFormValues): PlanInput {
  const c = (v: string) => dollarsToCents(v === '' ? '0' : v) ?? 0;
  const n = (v: string) => (v.trim() === '' ? null : Number(v));
  return {
    name: form.name.trim(),
    description: form.description.trim() || null,
    price: c(form.price),
    validity: form.validity,
    isPopular: form.isPopular,
    scanCount: Number(form.scanCount),
    numberOfStores: n(form.numberOfStores),
    numberOfMailboxes: n(form.numberOfMailboxes),
    additionalFee: Object.fromEntries(
      ADDITIONAL_FEE_KEYS.map((k) => [k, c(form.additionalFee[k])]),
    ) as PlanInput['additionalFee'],
    penaltyFee: Object.fromEntries(PENALTY_FEE_KEYS.map((k) => [k, c(form.penaltyFee[k])])) as PlanInput['penaltyFee'],
  };
}

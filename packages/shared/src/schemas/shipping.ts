import { z } from 'zod';
import { cents, NUMBER_LIMITS, NUMBER_MESSAGES, numeric } from './numbers';
import { PHONE_LENGTH, ZIP_MAX_LENGTH } from '../constants';
import { stateOfZip, zipMatchesState } from '../shipping/zip-prefixes';
import { DECLARED_VALUE_MAX_MESSAGE, MAX_DECLARED_VALUE_CENTS } from '../shipping/insurance';

/* ---------- Addresses (address list, sender and receiver of a shipment) ---------- */

export const US_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY',
  'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH',
  'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY', 'PR', 'VI', 'GU',
  'AS', 'MP', 'AA', 'AE', 'AP',
] as const; // prettier-ignore

/**
 * Countries whose carriers need the state or province, with its codes (the US list is US_STATES). Elsewhere the
 * state is optional and free text.
 */
export const STATE_CODES_BY_COUNTRY: Record<string, readonly string[]> = {
  CA: ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'],
  AU: ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'],
};

/**
 * Postal code formats of the countries our customers ship to most. A country not listed here is accepted with
 * any code up to 10 characters (the carrier validates it when rating).
 */
export const POSTAL_CODE_PATTERNS: Record<string, RegExp> = {
  US: /^\d{5}(-\d{4})?$/,
  CA: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i,
  GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i,
  DE: /^\d{5}$/,
  FR: /^\d{5}$/,
  ES: /^\d{5}$/,
  IT: /^\d{5}$/,
  MX: /^\d{5}$/,
  AU: /^\d{4}$/,
  NL: /^\d{4} ?[A-Z]{2}$/i,
  JP: /^\d{3}-?\d{4}$/,
  IN: /^\d{6}$/,
  CN: /^\d{6}$/,
  BR: /^\d{5}-?\d{3}$/,
};

export const ADDRESS_MESSAGES = {
  name: 'Name is required',
  line1: 'Address Line 1 is required',
  city: 'City is required',
  state: 'State is required',
  usState: 'State must be a US state code (e.g. CA).',
  caProvince: 'Province must be a Canadian province code (e.g. ON).',
  auState: 'State must be an Australian state code (e.g. NSW).',
  country: 'Country is required',
  countryCode: 'Country must be a 2-letter code (e.g. US).',
  zip: 'Zip Code is required',
  zipMax: 'Zip Code cannot be longer than 10 characters',
  usZip: 'Zip Code must be 5 digits or ZIP+4 (12345-6789).',
  postalCode: 'Postal code is not valid for this country.',
  phone: 'Phone number must be exactly 10 digits',
  email: 'Invalid email address',
} as const;

/** A US ZIP code of another state than the one given: says which state the ZIP belongs to. */
export function zipStateMessage(zipCode: string, state: string): string {
  const belongs = stateOfZip(zipCode);
  return `Zip Code ${zipCode} is in ${belongs ?? 'another state'}, not ${state}. Check the Zip Code and the state.`;
}

const trimmed = (message: string) => z.string(message).trim().min(1, message);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** Checks a postal code against its country's format; ZIP+4 is kept as typed (normalized to 12345-6789). */
export function normalizePostalCode(country: string, code: string): string | null {
  const c = country.toUpperCase();
  const value = code.trim().toUpperCase();
  if (c === 'US' && /^\d{9}$/.test(value)) return `${value.slice(0, 5)}-${value.slice(5)}`;
  const pattern = POSTAL_CODE_PATTERNS[c];
  if (!pattern) return value.length > 0 && value.length <= ZIP_MAX_LENGTH ? value : null;
  return pattern.test(value) ? value : null;
}

const addressObject = z.object({
  name: trimmed(ADDRESS_MESSAGES.name).max(100),
  companyName: optionalText(100),
  line1: trimmed(ADDRESS_MESSAGES.line1).max(120),
  line2: optionalText(120),
  city: trimmed(ADDRESS_MESSAGES.city).max(80),
  state: z.string(ADDRESS_MESSAGES.state).trim().max(80).default(''),
  zipCode: trimmed(ADDRESS_MESSAGES.zip).max(ZIP_MAX_LENGTH, ADDRESS_MESSAGES.zipMax),
  country: trimmed(ADDRESS_MESSAGES.country)
    .regex(/^[A-Za-z]{2}$/, ADDRESS_MESSAGES.countryCode)
    .transform((v) => v.toUpperCase()),
  phone: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v.replace(/\D/g, '') : null))
    .refine((v) => v === null || v.length === PHONE_LENGTH, ADDRESS_MESSAGES.phone),
  email: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.email(ADDRESS_MESSAGES.email).nullable()),
});

/** The country rules of an address: US state code and ZIP (ZIP+4 kept); other countries by postal format. */
function applyAddressRules<T extends { state: string; zipCode: string; country: string }>(
  a: T,
  ctx: z.RefinementCtx,
): T {
  let state = a.state;
  let stateOk = false;
  const codes = a.country === 'US' ? (US_STATES as readonly string[]) : STATE_CODES_BY_COUNTRY[a.country];
  if (codes) {
    state = state.toUpperCase();
    const wrong =
      a.country === 'US'
        ? ADDRESS_MESSAGES.usState
        : a.country === 'CA'
          ? ADDRESS_MESSAGES.caProvince
          : ADDRESS_MESSAGES.auState;
    if (!state) ctx.addIssue({ code: 'custom', path: ['state'], message: ADDRESS_MESSAGES.state });
    else if (!codes.includes(state)) ctx.addIssue({ code: 'custom', path: ['state'], message: wrong });
    else stateOk = true;
  }
  const zipCode = normalizePostalCode(a.country, a.zipCode);
  if (zipCode === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['zipCode'],
      message: a.country === 'US' ? ADDRESS_MESSAGES.usZip : ADDRESS_MESSAGES.postalCode,
    });
    return z.NEVER;
  }
  // A ZIP of another state is undeliverable as written ("Springfield, IL 10001"): the USPS prefix table says so.
  if (a.country === 'US' && stateOk && !zipMatchesState(zipCode, state)) {
    ctx.addIssue({ code: 'custom', path: ['zipCode'], message: zipStateMessage(zipCode, state) });
    return z.NEVER;
  }
  return { ...a, state, zipCode };
}

/**
 * `applyAddressRules` in JSON Schema, for the OpenAPI document: zod cannot export a transform's rules, so a
 * client reading the document sees the US rule the server applies.
 */
const addressRulesMeta = {
  description:
    "For country US, state (a US state code, e.g. CA) and zipCode (12345, 12345-6789 or 123456789) are required, and the ZIP code must belong to the state; for CA and AU the province or state code is required; elsewhere the postal code follows the country's format.",
  allOf: [
    {
      if: { properties: { country: { pattern: '^\\s*[Uu][Ss]\\s*$' } }, required: ['country'] },
      then: {
        required: ['state'],
        properties: {
          state: { pattern: '^\\s*[A-Za-z]{2}\\s*$' },
          zipCode: { pattern: '^\\s*\\d{5}(-?\\d{4})?\\s*$' },
        },
      },
    },
  ],
};
/** The address the API documentation shows in its examples. */
export const addressExample = {
  name: 'Sofia Ramirez',
  companyName: 'Ramirez Ceramics',
  line1: '1855 Industrial St',
  line2: 'Unit 4',
  city: 'Los Angeles',
  state: 'CA',
  zipCode: '90021',
  country: 'US',
  phone: '2135550147',
  email: 'sofia@example.com',
};

/** An address (spec 3 sender/receiver). */
// Examples go on the object, not the transform: zod keeps a transform's examples out of its input schema.
export const addressSchema = addressObject
  .meta({ examples: [addressExample] })
  .transform(applyAddressRules)
  .meta({ id: 'Address', ...addressRulesMeta });
export type AddressInput = z.input<typeof addressSchema>;
export type Address = z.output<typeof addressSchema>;

/** Address list entry (POST/PUT addresses): the address fields plus whether it is the default sender. */
export const savedAddressSchema = addressObject
  .extend({ isDefault: z.boolean().default(false) })
  .meta({ examples: [{ ...addressExample, isDefault: true }] })
  .transform(applyAddressRules)
  .meta({ id: 'AddressForm', ...addressRulesMeta });
export type SavedAddressInput = z.input<typeof savedAddressSchema>;

/* ---------- Packages (spec 3 Package) ---------- */

export const PACKAGE_TYPES = ['Box', 'Envelope', 'Tube', 'Soft Pack', 'Pallet', 'Custom'] as const;
export const DIMENSION_UNITS = ['in', 'cm'] as const;
export const WEIGHT_UNITS = ['lb', 'kg', 'oz', 'g'] as const;

export const PACKAGE_MESSAGES = {
  packageType: 'Package type is required',
  dimension: 'Length, width and height must be greater than 0',
  weight: 'Weight must be greater than 0',
  numberOfPackages: 'Number of packages must be between 1 and 50',
  insurance: 'Declared value must be a whole number of cents from 0',
  insuranceMax: DECLARED_VALUE_MAX_MESSAGE,
} as const;

/** Weights and sizes: numbers (form fields may send text), never `true` or `[5]`. */
const positive = (message: string) => numeric(z.number(message).positive(message).max(10_000, message));

export const packageSchema = z.object({
  packageType: z.enum(PACKAGE_TYPES, { error: PACKAGE_MESSAGES.packageType }),
  dimension: z.object({
    unit: z.enum(DIMENSION_UNITS).default('in'),
    length: positive(PACKAGE_MESSAGES.dimension),
    width: positive(PACKAGE_MESSAGES.dimension),
    height: positive(PACKAGE_MESSAGES.dimension),
  }),
  weight: positive(PACKAGE_MESSAGES.weight),
  weightUnits: z.enum(WEIGHT_UNITS).default('lb'),
  numberOfPackages: numeric(
    z
      .number(PACKAGE_MESSAGES.numberOfPackages)
      .int(PACKAGE_MESSAGES.numberOfPackages)
      .min(1, PACKAGE_MESSAGES.numberOfPackages)
      .max(50, PACKAGE_MESSAGES.numberOfPackages),
  ).default(1),
  /** Declared value for insurance, in cents (up to $5,000.00; priced by shipping/insurance.ts). */
  insuranceDeclared: numeric(
    cents(PACKAGE_MESSAGES.insurance).max(MAX_DECLARED_VALUE_CENTS, PACKAGE_MESSAGES.insuranceMax),
  )
    .nullish()
    .default(null),
  contentDescription: optionalText(200),
  trackingNumber: optionalText(64),
});
export type PackageInput = z.input<typeof packageSchema>;
export type Package = z.output<typeof packageSchema>;

/** A saved package preset (packages list): a name plus the Package fields. */
export const packagePresetSchema = packageSchema
  .omit({ trackingNumber: true })
  .extend({ name: z.string('Name is required').trim().min(1, 'Name is required').max(80) });
export type PackagePresetInput = z.input<typeof packagePresetSchema>;

/* ---------- Customs (international) ---------- */

export const CUSTOMS_MESSAGES = {
  description: 'Description is required',
  hsCode: 'HS code must be 6 to 10 digits',
  value: 'Value must be greater than 0',
  origin: 'Country of origin must be a 2-letter code',
  weight: 'Weight must be greater than 0',
  required: 'Customs lines are required for international shipments',
} as const;

export const customsLineSchema = z.object({
  description: trimmed(CUSTOMS_MESSAGES.description).max(120),
  hsCode: z
    .string()
    .trim()
    .transform((v) => v.replace(/\./g, ''))
    .pipe(z.string().regex(/^\d{6,10}$/, CUSTOMS_MESSAGES.hsCode)),
  quantity: numeric(z.number().int().min(1).max(NUMBER_LIMITS.count, NUMBER_MESSAGES.countTooLarge)).default(1),
  /** Value of the line in cents. */
  valueCents: numeric(
    z
      .number(CUSTOMS_MESSAGES.value)
      .int(CUSTOMS_MESSAGES.value)
      .positive(CUSTOMS_MESSAGES.value)
      .max(NUMBER_LIMITS.amountCents, NUMBER_MESSAGES.amountTooLarge),
  ),
  originCountry: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, CUSTOMS_MESSAGES.origin)
    .transform((v) => v.toUpperCase()),
  /**
   * The line's whole weight in ounces (all its units), as the customs declaration lists it; left out (or empty), the
   * parcel's weight is shared equally between the lines.
   */
  weightOz: z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      numeric(
        z.number(CUSTOMS_MESSAGES.weight).positive(CUSTOMS_MESSAGES.weight).max(16_000, CUSTOMS_MESSAGES.weight),
      ).nullish(),
    )
    .transform((v) => v ?? null),
});
export type CustomsLine = z.output<typeof customsLineSchema>;

/* ---------- Arrival preferences ---------- */

export const ARRIVAL_PRIORITIES = ['cheapest', 'fastest', 'arriveBy'] as const;
export type ArrivalPriority = (typeof ARRIVAL_PRIORITIES)[number];

export const arrivalPreferencesSchema = z
  .object({
    priority: z.enum(ARRIVAL_PRIORITIES).default('cheapest'),
    /** YYYY-MM-DD, required when priority is arriveBy. */
    arriveBy: z.iso.date('Arrive-by date must be a date (YYYY-MM-DD)').nullish().default(null),
    signature: z.boolean().default(false),
    saturdayDelivery: z.boolean().default(false),
  })
  .refine((p) => p.priority !== 'arriveBy' || !!p.arriveBy, {
    path: ['arriveBy'],
    message: 'Arrive-by date is required',
  });
export type ArrivalPreferences = z.output<typeof arrivalPreferencesSchema>;

/* ---------- Quotes and purchase ---------- */

export const quoteRequestSchema = z
  .object({
    sender: addressSchema,
    receiver: addressSchema,
    packages: z.array(packageSchema).min(1, 'At least one package is required').max(20),
    customs: z.array(customsLineSchema).max(50).default([]),
    /**
     * Quoting the return label of one of the caller's shipments: the addresses come swapped from the wizard, and
     * the carrier is told it is a return (a return label, paid by the shipper).
     */
    returnOf: z.uuid('Return of must be a shipment id').nullish().default(null),
    preferences: arrivalPreferencesSchema.default({
      priority: 'cheapest',
      arriveBy: null,
      signature: false,
      saturdayDelivery: false,
    }),
  })
  .refine((q) => q.sender.country === 'US', { path: ['sender', 'country'], message: 'We ship from the US only' })
  .refine((q) => q.receiver.country === 'US' || q.customs.length > 0, {
    path: ['customs'],
    message: CUSTOMS_MESSAGES.required,
  });
export type QuoteRequest = z.output<typeof quoteRequestSchema>;
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;

export const PAYMENT_CHOICES = ['card', 'later'] as const;
export type PaymentChoice = (typeof PAYMENT_CHOICES)[number];

export const purchaseShipmentSchema = z.object({
  rateId: z.uuid('Rate is required'),
  payment: z.enum(PAYMENT_CHOICES, { error: "Payment must be 'card' or 'later'" }),
});
export type PurchaseShipmentInput = z.input<typeof purchaseShipmentSchema>;

export const VOID_REFUND_TO = ['credit', 'card'] as const;
export const voidShipmentSchema = z.object({ refundTo: z.enum(VOID_REFUND_TO).default('credit') });

/* ---------- Margin and discount ---------- */

export const adjustmentSchema = z.object({
  type: z.enum(['AMOUNT', 'PERCENTAGE'], { error: "Type must be 'AMOUNT' or 'PERCENTAGE'" }),
  /** Cents for AMOUNT, percent for PERCENTAGE. */
  value: numeric(z.number().min(0, 'Value cannot be negative').max(1_000_000)),
});

/* ---------- Pickups ---------- */

export const pickupSchema = z
  .object({
    carrier: z.string().trim().min(1, 'Carrier is required'),
    address: addressSchema,
    date: z.iso.date('Pickup date is required'),
    windowStart: z.string().regex(/^\d{2}:\d{2}$/, 'Time window must be HH:MM'),
    windowEnd: z.string().regex(/^\d{2}:\d{2}$/, 'Time window must be HH:MM'),
    shipmentIds: z.array(z.uuid()).max(100).default([]),
    packageCount: numeric(z.number().int().min(1, 'Number of packages must be at least 1').max(500)).optional(),
    instructions: optionalText(300),
  })
  .refine((p) => p.windowStart < p.windowEnd, { path: ['windowEnd'], message: 'Time window must end after it starts' })
  .refine((p) => p.shipmentIds.length > 0 || (p.packageCount ?? 0) > 0, {
    path: ['packageCount'],
    message: 'Choose shipments or enter how many packages',
  });

/* ---------- Shipping requests (custom quotes) ---------- */

export const shippingRequestSchema = z.object({
  sender: addressSchema,
  receiver: addressSchema,
  packages: z.array(packageSchema).min(1, 'At least one package is required').max(50),
  description: z.string().trim().min(1, 'Tell us what you are shipping').max(2000),
});

export const shippingRequestQuoteSchema = z.object({
  carrier: z.string().trim().min(1, 'Carrier is required').max(60),
  service: z.string().trim().min(1, 'Service is required').max(80),
  priceCents: numeric(
    z
      .number('Price must be greater than 0')
      .int('Price must be whole cents')
      .positive('Price must be greater than 0')
      .max(NUMBER_LIMITS.amountCents, NUMBER_MESSAGES.amountTooLarge),
  ),
  costCents: numeric(cents('Cost must be whole cents from 0')).optional(),
  transitDays: numeric(z.number().int().min(1).max(60)).optional(),
  note: optionalText(1000),
});

/* ---------- Free shipping-cost analysis ---------- */

export const ANALYSIS_MESSAGES = {
  fromZip: 'From ZIP must be a US ZIP code',
  toZip: 'To ZIP must be a US ZIP code',
  paid: 'Paid amount must be a number of dollars',
} as const;

const usZip = (message: string) =>
  z
    .string(message)
    .trim()
    .regex(/^\d{5}(-?\d{4})?$/, message);
const dollars = z
  .union([z.number(), z.string()])
  .transform((v) => (typeof v === 'number' ? v : Number(v.replace(/[$,\s]/g, ''))))
  .pipe(z.number(ANALYSIS_MESSAGES.paid).min(0, ANALYSIS_MESSAGES.paid).max(100_000, ANALYSIS_MESSAGES.paid));

/**
 * One past shipment of the analysis (a CSV row or the quick form). CSV header: fromZip,toZip,weight,length,width,
 * height,paid with optional weightUnits (lb), dimensionUnit (in), carrier, service.
 */
export const analysisRowSchema = z.object({
  fromZip: usZip(ANALYSIS_MESSAGES.fromZip),
  toZip: usZip(ANALYSIS_MESSAGES.toZip),
  weight: positive(PACKAGE_MESSAGES.weight),
  weightUnits: z.enum(WEIGHT_UNITS).default('lb'),
  length: positive(PACKAGE_MESSAGES.dimension),
  width: positive(PACKAGE_MESSAGES.dimension),
  height: positive(PACKAGE_MESSAGES.dimension),
  dimensionUnit: z.enum(DIMENSION_UNITS).default('in'),
  /** What they paid, in dollars as written in their records (empty: unknown). */
  paid: z.preprocess((v) => (v === '' || v === undefined || v === null ? undefined : v), dollars.optional()),
  carrier: z.string().trim().max(60).optional(),
  service: z.string().trim().max(120).optional(),
});
export type AnalysisRowInput = z.input<typeof analysisRowSchema>;

/* ---------- Quick quote (the customer's home) ---------- */

export const QUICK_QUOTE_MESSAGES = {
  fromZipRequired: 'From ZIP is required',
  toZipRequired: 'To ZIP is required',
  fromZip: ANALYSIS_MESSAGES.fromZip,
  toZip: ANALYSIS_MESSAGES.toZip,
  weightRequired: 'Weight is required',
  weight: PACKAGE_MESSAGES.weight,
} as const;

const requiredUsZip = (required: string, message: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .regex(/^\d{5}(-?\d{4})?$/, message);

/** The home's quick quote: from ZIP, to ZIP and a weight in pounds, handed to the create wizard as query parameters. */
export const quickQuoteSchema = z.object({
  fromZip: requiredUsZip(QUICK_QUOTE_MESSAGES.fromZipRequired, QUICK_QUOTE_MESSAGES.fromZip),
  toZip: requiredUsZip(QUICK_QUOTE_MESSAGES.toZipRequired, QUICK_QUOTE_MESSAGES.toZip),
  weight: z
    .string(QUICK_QUOTE_MESSAGES.weightRequired)
    .trim()
    .min(1, QUICK_QUOTE_MESSAGES.weightRequired)
    .transform(Number)
    .pipe(
      z
        .number(QUICK_QUOTE_MESSAGES.weight)
        .positive(QUICK_QUOTE_MESSAGES.weight)
        .max(10_000, QUICK_QUOTE_MESSAGES.weight),
    ),
});
export type QuickQuoteInput = z.input<typeof quickQuoteSchema>;

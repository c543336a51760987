import type { AdjustmentType } from '@postwise/shared/shipping/pricing';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { invoices } from '../../billing';
import { type ShipmentAddress, type ShipmentCustomsLine, type ShipmentPackage, shipments } from './shipments';
import { users } from '../../identity';

/** The address list (spec: addresses store with hasDefault): a customer's saved senders and receivers. */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    companyName: text('company_name'),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    country: text('country').notNull(),
    phone: text('phone'),
    email: text('email'),
    /** The default sender, pre-filled in the wizard. */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_default_created_idx').on(t.userId, t.isDefault, t.createdAt),
    index('addresses_user_name_pattern_idx').on(t.userId, sql`lower(${t.name}) text_pattern_ops`),
    // At most one default per customer.
    uniqueIndex('addresses_one_default_per_user')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

/** Saved package presets (packages list): spec 3 Package fields plus a name. */
export const packagePresets = pgTable(
  'package_presets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    packageType: text('package_type').notNull(),
    dimension: jsonb('dimension').$type<ShipmentPackage['dimension']>().notNull(),
    weight: jsonb('weight').$type<number>().notNull(),
    weightUnits: text('weight_units').$type<ShipmentPackage['weightUnits']>().notNull(),
    numberOfPackages: integer('number_of_packages').notNull().default(1),
    insuranceDeclared: integer('insurance_declared'),
    contentDescription: text('content_description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('package_presets_user_created_idx').on(t.userId, t.createdAt),
    index('package_presets_user_name_pattern_idx').on(t.userId, sql`lower(${t.name}) text_pattern_ops`),
  ],
);

/** What was asked for in POST shipments/quotes (the wizard's steps 1–4). */
export interface QuoteRequestSnapshot {
  sender: ShipmentAddress;
  receiver: ShipmentAddress;
  packages: ShipmentPackage[];
  customs: ShipmentCustomsLine[];
  preferences: { priority: string; arriveBy: string | null; signature: boolean; saturdayDelivery: boolean };
  /** The shipment this quote is the return label of (absent or null: an outbound shipment). */
  returnOf?: string | null;
}

/** One quote request; its rates are rows of shipment_rates. */
export const shipmentQuotes = pgTable(
  'shipment_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    request: jsonb('request').$type<QuoteRequestSnapshot>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shipment_quotes_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * A rate offered by a quote: the carrier's cost and retail and our markup, discount and price, so margins can be
 * reported from what was actually offered and bought. Its id is the `rateId` the purchase names.
 */
export const shipmentRates = pgTable(
  'shipment_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => shipmentQuotes.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    carrier: text('carrier').notNull(),
    service: text('service').notNull(),
    category: text('category').notNull(),
    costCents: integer('cost_cents').notNull(),
    markupCents: integer('markup_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    priceCents: integer('price_cents').notNull(),
    retailCents: integer('retail_cents').notNull(),
    transitDays: integer('transit_days').notNull(),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    providerRef: jsonb('provider_ref').$type<Record<string, string>>().notNull().default({}),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [
    index('shipment_rates_quote_sort_idx').on(t.quoteId, t.sortOrder),
    check('shipment_rates_price_not_below_cost', sql`${t.priceCents} >= ${t.costCents}`),
  ],
);

/** Shipping profile money settings per customer: pay-later credit limit (default 0) and refund credit. */
export const shippingAccounts = pgTable(
  'shipping_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    creditLimitCents: bigint('credit_limit_cents', { mode: 'number' }).notNull().default(0),
    /** Refunds of voided labels kept as credit; spent first on the next card purchase. */
    creditBalanceCents: bigint('credit_balance_cents', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('shipping_accounts_limit_check', sql`${t.creditLimitCents} >= 0`),
    check('shipping_accounts_balance_check', sql`${t.creditBalanceCents} >= 0`),
  ],
);

export type PickupStatus = 'scheduled' | 'cancelled';

/** Carrier pickups a customer scheduled. */
export const pickups = pgTable(
  'pickups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    carrier: text('carrier').notNull(),
    provider: text('provider').notNull(),
    address: jsonb('address').$type<ShipmentAddress>().notNull(),
    pickupDate: date('pickup_date', { mode: 'string' }).notNull(),
    windowStart: text('window_start').notNull(),
    windowEnd: text('window_end').notNull(),
    shipmentIds: jsonb('shipment_ids').$type<string[]>().notNull().default([]),
    packageCount: integer('package_count').notNull(),
    instructions: text('instructions'),
    status: text('status').$type<PickupStatus>().notNull().default('scheduled'),
    confirmation: text('confirmation'),
    providerPickupId: text('provider_pickup_id'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pickups_user_date_idx').on(t.userId, t.pickupDate),
    check('pickups_status_check', sql`${t.status} in ('scheduled', 'cancelled')`),
  ],
);

export type ShippingRequestStatus = 'pending' | 'quoted' | 'accepted' | 'cancelled';

/** When no automatic rate fits: the customer asks, the super admin quotes, the customer accepts and pays. */
export const shippingRequests = pgTable(
  'shipping_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sender: jsonb('sender').$type<ShipmentAddress>().notNull(),
    receiver: jsonb('receiver').$type<ShipmentAddress>().notNull(),
    packages: jsonb('packages').$type<ShipmentPackage[]>().notNull(),
    description: text('description').notNull(),
    status: text('status').$type<ShippingRequestStatus>().notNull().default('pending'),
    quote: jsonb('quote').$type<{
      carrier: string;
      service: string;
      priceCents: number;
      costCents: number | null;
      transitDays: number | null;
      note: string | null;
    }>(),
    quotedBy: uuid('quoted_by').references(() => users.id, { onDelete: 'set null' }),
    quotedAt: timestamp('quoted_at', { withTimezone: true }),
    shipmentId: uuid('shipment_id').references(() => shipments.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shipping_requests_user_created_idx').on(t.userId, t.createdAt),
    index('shipping_requests_status_created_idx').on(t.status, t.createdAt),
    /** The super admin's list of every customer's requests, newest first (ties by id), paged in SQL. */
    index('shipping_requests_created_id_idx').on(t.createdAt.desc(), t.id.desc()),
    check('shipping_requests_status_check', sql`${t.status} in ('pending', 'quoted', 'accepted', 'cancelled')`),
  ],
);

/**
 * Carrier configuration (/configuration/carrier): which providers and services are on, and their credentials,
 * sealed with AES-256-GCM (lib/secret-box.ts). `credentials_sealed` never leaves the server.
 */
export const carrierConfigs = pgTable(
  'carrier_configs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `sandbox` or `easypost`. */
    provider: text('provider').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    /** Services turned off by the admin (carrier|service); everything else the provider offers is on. */
    disabledServices: jsonb('disabled_services').$type<string[]>().notNull().default([]),
    credentialsSealed: text('credentials_sealed'),
    /** Last four characters of the key, to show which one is set. */
    credentialsHint: text('credentials_hint'),
    lastTestedAt: timestamp('last_tested_at', { withTimezone: true }),
    lastTestOk: boolean('last_test_ok'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('carrier_configs_provider_key').on(t.provider)],
);

/**
 * Margin & discount (/configuration/margin-discount). kind `markup`: per carrier and service (null service: every
 * service of the carrier; null carrier: every carrier). kind `discount`: per customer (user_id), optionally per
 * carrier/service. The most specific row wins.
 */
export const marginDiscounts = pgTable(
  'margin_discounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<'markup' | 'discount'>().notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    carrier: text('carrier'),
    service: text('service'),
    type: text('type').$type<AdjustmentType>().notNull(),
    /** Cents for AMOUNT, hundredths of a percent for PERCENTAGE (1250 = 12.5%). */
    value: integer('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('margin_discounts_scope_key').on(t.kind, t.userId, t.carrier, t.service).nullsNotDistinct(),
    index('margin_discounts_user_idx').on(t.userId),
    check('margin_discounts_kind_check', sql`${t.kind} in ('markup', 'discount')`),
    check('margin_discounts_type_check', sql`${t.type} in ('AMOUNT', 'PERCENTAGE')`),
    check('margin_discounts_value_check', sql`${t.value} >= 0`),
    check('margin_discounts_discount_has_user', sql`(${t.kind} = 'discount') = (${t.userId} is not null)`),
  ],
);

/** A pay-later shipment added to the customer's open monthly shipping invoice. */
export const shipmentInvoiceLines = pgTable(
  'shipment_invoice_lines',
  {
    shipmentId: uuid('shipment_id')
      .primaryKey()
      .references(() => shipments.id, { onDelete: 'restrict' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shipment_invoice_lines_invoice_idx').on(t.invoiceId)],
);

export type AddressRow = typeof addresses.$inferSelect;
export type PackagePresetRow = typeof packagePresets.$inferSelect;
export type ShipmentQuoteRow = typeof shipmentQuotes.$inferSelect;
export type ShipmentRateRow = typeof shipmentRates.$inferSelect;
export type PickupRow = typeof pickups.$inferSelect;
export type ShippingRequestRow = typeof shippingRequests.$inferSelect;
export type CarrierConfigRow = typeof carrierConfigs.$inferSelect;
export type MarginDiscountRow = typeof marginDiscounts.$inferSelect;

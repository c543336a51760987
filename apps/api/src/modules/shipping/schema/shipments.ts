import type { ScanEvent } from '@postwise/shared/tracking';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
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
import type { ShipmentStatus } from '@postwise/shared/shipping/lifecycle';
import { users } from '../../identity';

/** An address as it was when the shipment was made (a snapshot: later edits of the address list do not change it). */
export interface ShipmentAddress {
  name: string;
  companyName?: string | null;
  line1: string;
  line2?: string | null;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  phone?: string | null;
  email?: string | null;
}

/** A package of a shipment (spec 3 Package). */
export interface ShipmentPackage {
  packageType: string;
  dimension: { unit: 'in' | 'cm'; length: number; width: number; height: number };
  weight: number;
  weightUnits: 'lb' | 'kg' | 'oz' | 'g';
  numberOfPackages: number;
  insuranceDeclared?: number | null;
  contentDescription?: string | null;
  trackingNumber?: string | null;
}

/** shipmentDetails of spec 3: the carrier service chosen and when it is expected. */
export interface ShipmentDetails {
  service: string;
  deliveryDate: string | null;
  deliveryTime: string | null;
  category: string | null;
}

export { SHIPMENT_STATUSES, type ShipmentStatus } from '@postwise/shared/shipping/lifecycle';

/** What a shipment cost us and what the customer paid (integer cents), recorded when the label was bought. */
export interface ShipmentBreakdown {
  costCents: number;
  markupCents: number;
  discountCents: number;
  priceCents: number;
  retailCents: number;
  savingCents: number;
  savingPercent: number;
  /** The insurance of the declared values, charged on top of priceCents (absent before insurance was priced). */
  insuranceCents?: number;
}

/** A customs line of an international shipment (value in cents). */
export interface ShipmentCustomsLine {
  description: string;
  hsCode: string;
  quantity: number;
  valueCents: number;
  originCountry: string;
  /** Ounces; absent on lines stored before lines had a weight. */
  weightOz?: number | null;
}

/** Stored customs lines as the API and the carriers take them: a line stored before lines had a weight has none. */
export function customsLinesWithWeight(lines: readonly ShipmentCustomsLine[]) {
  return lines.map((line) => ({ ...line, weightOz: line.weightOz ?? null }));
}

/**
 * Shipments (docs/product-rules.md, "Shipping"). unique_id is our public tracking number; the carrier's own
 * number is kept too so a visitor can track by either.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uniqueId: text('unique_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    sender: jsonb('sender').$type<ShipmentAddress>().notNull(),
    receiver: jsonb('receiver').$type<ShipmentAddress>().notNull(),
    packages: jsonb('packages').$type<ShipmentPackage[]>().notNull().default([]),
    // logistics of spec 3
    carrier: text('carrier').notNull(),
    carrierService: text('carrier_service'),
    carrierTrackingNumber: text('carrier_tracking_number'),
    /**
     * Every parcel's carrier tracking number, the first equal to carrier_tracking_number (one label page each).
     * Empty for a shipment bought before parcels were tracked one by one: it has the first number only.
     */
    parcelTrackingNumbers: text('parcel_tracking_numbers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    shipmentDetails: jsonb('shipment_details').$type<ShipmentDetails>().notNull(),
    arrivalPreferences: jsonb('arrival_preferences').$type<Record<string, unknown>>(),
    // quote: the carrier's list price and our price, integer cents
    listPriceCents: integer('list_price_cents'),
    priceCents: integer('price_cents'),
    currency: text('currency').notNull().default('usd'),
    status: text('status').$type<ShipmentStatus>().notNull().default('draft'),
    payLater: boolean('pay_later').notNull().default(false),
    // The invoice that charged it (the invoices table comes with billing).
    invoiceId: uuid('invoice_id'),
    labelKey: text('label_key'),
    // Purchase: which rate was bought, through which adapter, and the money of it.
    rateId: uuid('rate_id'),
    provider: text('provider'),
    providerShipmentId: text('provider_shipment_id'),
    breakdown: jsonb('breakdown').$type<ShipmentBreakdown>(),
    /** The shipment this one is the return label of (its addresses swapped); null for an outbound shipment. */
    returnOfShipmentId: uuid('return_of_shipment_id').references((): AnyPgColumn => shipments.id, {
      onDelete: 'set null',
    }),
    /** The declared value insured with the label, in cents (by the carrier where it sells insurance); null: none. */
    insuredCents: integer('insured_cents'),
    customs: jsonb('customs').$type<ShipmentCustomsLine[]>().notNull().default([]),
    /** The buyer's Idempotency-Key: the same key answers the same shipment, never a second label. */
    idempotencyKey: text('idempotency_key'),
    transactionId: uuid('transaction_id'),
    /** Lower-cased receiver name, kept as a column so "starts with" search has an index. */
    receiverName: text('receiver_name'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    refundTo: text('refund_to').$type<'credit' | 'card'>(),
    refundCents: integer('refund_cents'),
    /** When the tracking job next looks at it (null: not tracked any more). */
    nextTrackingAt: timestamp('next_tracking_at', { withTimezone: true }),
    lastTrackedAt: timestamp('last_tracked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipments_unique_id_upper_key').on(sql`upper(${t.uniqueId})`),
    index('shipments_carrier_tracking_number_upper_idx').on(sql`upper(${t.carrierTrackingNumber})`),
    // Public tracking and carrier webhooks find a shipment by any of its parcels' numbers (kept in upper case).
    index('shipments_parcel_tracking_numbers_idx').using('gin', t.parcelTrackingNumbers),
    index('shipments_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('shipments_status_created_at_idx').on(t.status, t.createdAt),
    // GET shipments, newest first with the id as tie-breaker, over the listed (non-draft) shipments: the customer's
    // own, and everyone's for the super admin. Partial so the page's ids come from an index-only scan; ascending,
    // since a backward scan answers `order by created_at desc, id desc` (a DESC NULLS LAST index would not).
    index('shipments_user_listed_created_at_idx')
      .on(t.userId, t.createdAt, t.id)
      .where(sql`${t.status} <> 'draft'`),
    index('shipments_listed_created_at_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} <> 'draft'`),
    // The customer's list filtered by status or carrier, newest first; the admin's list by carrier.
    index('shipments_user_status_created_at_idx').on(t.userId, t.status, t.createdAt),
    index('shipments_user_carrier_created_at_idx').on(t.userId, t.carrier, t.createdAt),
    index('shipments_carrier_created_at_idx').on(t.carrier, t.createdAt),
    index('shipments_receiver_name_pattern_idx').on(sql`${t.receiverName} text_pattern_ops`),
    uniqueIndex('shipments_user_idempotency_key').on(t.userId, t.idempotencyKey),
    index('shipments_next_tracking_at_idx')
      .on(t.nextTrackingAt)
      .where(sql`${t.nextTrackingAt} is not null`),
    check(
      'shipments_status_check',
      sql`${t.status} in ('draft', 'label_created', 'in_transit', 'out_for_delivery', 'delivered', 'exception', 'cancelled', 'voided')`,
    ),
    check('shipments_price_check', sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
    check('shipments_list_price_check', sql`${t.listPriceCents} is null or ${t.listPriceCents} >= 0`),
  ],
);

/**
 * A carrier's scan events for a shipment: `raw` keeps the carrier's own event (carrier-one or carrier-two shape,
 * spec 3); the other columns are its normalized reading (packages/shared/src/tracking.ts) for ordering and search.
 */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    raw: jsonb('raw').$type<ScanEvent>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }),
    description: text('description').notNull(),
    city: text('city'),
    country: text('country'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A carrier sync that sees the same event again does not add it twice.
    unique('shipment_events_shipment_occurred_description_key')
      .on(t.shipmentId, t.occurredAt, t.description)
      .nullsNotDistinct(),
  ],
);

/** Carrier tracking webhook events already applied (by the carrier's event id): a redelivery changes nothing. */
export const trackingWebhookEvents = pgTable('tracking_webhook_events', {
  id: text('id').primaryKey(),
  shipmentId: uuid('shipment_id').references(() => shipments.id, { onDelete: 'set null' }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ShipmentRow = typeof shipments.$inferSelect;
export type NewShipmentRow = typeof shipments.$inferInsert;
export type ShipmentEventRow = typeof shipmentEvents.$inferSelect;

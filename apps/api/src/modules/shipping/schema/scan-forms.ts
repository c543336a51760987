import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../identity';
import { type ShipmentAddress, shipments } from './shipments';

/**
 * SCAN forms (USPS PS Form 5630 manifests): one per from address and ship day, made by the carrier that sold the
 * labels. The row is written before the carrier is asked (status `creating`, its shipments claimed in
 * scan_form_shipments), so a retried or concurrent request finds it instead of making a second form.
 */
export const scanForms = pgTable(
  'scan_forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    carrier: text('carrier').notNull(),
    /** Which adapter made it: `sandbox` or `easypost`. */
    provider: text('provider').notNull(),
    /** The from address as the labels print it (a snapshot). */
    fromAddress: jsonb('from_address').$type<ShipmentAddress>().notNull(),
    /** The from address's comparison key (addressKeyOf): which labels may share the form. */
    addressKey: text('address_key').notNull(),
    shipDate: date('ship_date', { mode: 'string' }).notNull(),
    status: text('status').$type<'creating' | 'created'>().notNull().default('creating'),
    providerFormId: text('provider_form_id'),
    /** Where the form's PDF is kept in file storage (null until the carrier has made it). */
    fileKey: text('file_key'),
    trackingNumbers: text('tracking_numbers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    shipmentIds: uuid('shipment_ids').array().notNull(),
    packageCount: integer('package_count').notNull(),
    /** The same caller asking for the same shipments again gets this form back (sorted shipment ids). */
    requestKey: text('request_key').notNull(),
    /** When a request last started asking the carrier: another waits rather than asking twice. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('scan_forms_user_created_at_idx').on(t.userId, t.createdAt, t.id),
    index('scan_forms_created_at_idx').on(t.createdAt, t.id),
    uniqueIndex('scan_forms_user_request_key').on(t.userId, t.requestKey),
    check('scan_forms_status_check', sql`${t.status} in ('creating', 'created')`),
  ],
);

/** Which SCAN form each shipment is on: a shipment can be on one form only (the primary key). */
export const scanFormShipments = pgTable(
  'scan_form_shipments',
  {
    shipmentId: uuid('shipment_id')
      .primaryKey()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    scanFormId: uuid('scan_form_id')
      .notNull()
      .references(() => scanForms.id, { onDelete: 'cascade' }),
  },
  (t) => [index('scan_form_shipments_scan_form_idx').on(t.scanFormId)],
);

export type ScanFormRow = typeof scanForms.$inferSelect;

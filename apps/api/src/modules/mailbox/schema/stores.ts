import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../../identity';

/**
 * A sub-admin's (or the platform's) physical location: where customers' mail arrives, with its own PMB
 * numbering. A mailbox gets `pmb_prefix` + `next_pmb_number` when its application is approved.
 */
export const stores = pgTable(
  'stores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address1: text('address1').notNull(),
    address2: text('address2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    country: text('country').notNull(),
    phone: text('phone').notNull(),
    /** Opening hours as the owner writes them, e.g. "Mon–Fri 9:00–18:00, Sat 10:00–14:00". */
    hours: text('hours').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Printed before the number: "PMB" or "#" (spec 9: a street address with a PMB or # designation). */
    pmbPrefix: text('pmb_prefix').notNull().default('PMB'),
    nextPmbNumber: integer('next_pmb_number').notNull().default(1001),
    /** Where new mailboxes of the owner's customers open unless the approver picks another store. */
    isDefault: boolean('is_default').notNull().default(false),
    /**
     * The IANA zone the store's days and months are counted in: free storage days, storage fees, billing days,
     * payout and report months (lib/time-zone.ts). Validated against Intl's zones by the store form's schema.
     */
    timeZone: text('time_zone').notNull().default('America/Los_Angeles'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The store list's order (default first, then oldest first), for one owner and for the super admin. It is
    // written `not is_default` ascending so every column runs one way: deep pages start from a row comparison.
    index('stores_owner_listed_idx').on(t.ownerUserId, sql`(not ${t.isDefault})`, t.createdAt, t.id),
    index('stores_listed_idx').on(sql`(not ${t.isDefault})`, t.createdAt, t.id),
    // Store search is a prefix match on lower(name): text_pattern_ops answers LIKE 'x%' whatever the collation.
    index('stores_name_pattern_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    uniqueIndex('stores_owner_default_key')
      .on(t.ownerUserId)
      .where(sql`${t.isDefault}`),
    check('stores_next_pmb_number_check', sql`${t.nextPmbNumber} > 0`),
    check('stores_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('stores_longitude_check', sql`${t.longitude} between -180 and 180`),
  ],
);

export type StoreRow = typeof stores.$inferSelect;
export type NewStoreRow = typeof stores.$inferInsert;

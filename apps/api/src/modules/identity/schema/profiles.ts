import type { ProfileStatus } from '@postwise/shared/api-types';
import type { ProfileKind } from '@postwise/shared/roles';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

const PROFILE_STATUSES = sql`('none', 'pending', 'active', 'inactive', 'rejected')`;

/** A customer's profile state (spec 3): which profile is in use and the status of each. */
export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currentProfile: text('current_profile').$type<ProfileKind>(),
    shipmentStatus: text('shipment_status').$type<ProfileStatus>().notNull().default('none'),
    mailboxStatus: text('mailbox_status').$type<ProfileStatus>().notNull().default('none'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('profiles_user_id_key').on(t.userId),
    // The mailbox applications waiting for review, newest first.
    index('profiles_mailbox_status_updated_at_idx').on(t.mailboxStatus, t.updatedAt, t.id),
    check('profiles_current_profile_check', sql`${t.currentProfile} in ('shipment', 'mailbox')`),
    check('profiles_shipment_status_check', sql`${t.shipmentStatus} in ${PROFILE_STATUSES}`),
    check('profiles_mailbox_status_check', sql`${t.mailboxStatus} in ${PROFILE_STATUSES}`),
  ],
);

export type ProfileRow = typeof profiles.$inferSelect;

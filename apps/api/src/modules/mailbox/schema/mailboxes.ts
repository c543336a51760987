import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stores } from './stores';
import { type MailboxType, users } from '../../identity';

export type MailboxStatus = 'active' | 'closed';

/** A customer's private mailbox at a store: opened when an admin approves the mailbox application. */
export const mailboxes = pgTable(
  'mailboxes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    pmbNumber: integer('pmb_number').notNull(),
    mailboxType: text('mailbox_type').$type<MailboxType>().notNull(),
    /** Names mail may be addressed to (a plan covers up to 2, spec 1). */
    names: jsonb('names').$type<string[]>().notNull().default([]),
    status: text('status').$type<MailboxStatus>().notNull().default('active'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    openedByUserId: uuid('opened_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // One mailbox per customer; a PMB number is never given twice at one store.
    uniqueIndex('mailboxes_user_id_key').on(t.userId),
    uniqueIndex('mailboxes_store_id_pmb_number_key').on(t.storeId, t.pmbNumber),
    index('mailboxes_store_id_opened_at_idx').on(t.storeId, t.openedAt),
    // GET mailboxes: one store's boxes by status in PMB order, or every store's in PMB order.
    index('mailboxes_store_status_pmb_idx').on(t.storeId, t.status, t.pmbNumber),
    index('mailboxes_pmb_number_idx').on(t.pmbNumber, t.id),
    check('mailboxes_status_check', sql`${t.status} in ('active', 'closed')`),
    check('mailboxes_mailbox_type_check', sql`${t.mailboxType} in ('personal', 'business')`),
  ],
);

export type MailboxRow = typeof mailboxes.$inferSelect;

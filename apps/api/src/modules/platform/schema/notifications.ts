import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../identity';

export type NotificationKind =
  | 'new_mail'
  | 'scan_ready'
  | 'request_completed'
  | 'quote_changed'
  | 'fees_soon'
  | 'shipment_update'
  | 'pickup_locked'
  | 'invoice_due';

/** In-app notifications (the spec's notifications store): the bell's list and unread count. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The app path the notification opens, e.g. /inbox?item=<id>. */
    link: text('link'),
    /** The mail item it is about: a plain id (mail items are never deleted), so this table needs no mailbox schema. */
    mailItemId: uuid('mail_item_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    check(
      'notifications_kind_check',
      sql`${t.kind} in ('new_mail', 'scan_ready', 'request_completed', 'quote_changed', 'fees_soon', 'shipment_update', 'pickup_locked', 'invoice_due')`,
    ),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Messages sent through the public contact form (spec 3: name, email, message); support also gets an e-mail. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    // Who sent it from where, for abuse handling; never shown publicly.
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [
    index('contact_messages_created_at_idx').on(t.createdAt),
    // The support queue: unhandled messages, oldest first.
    index('contact_messages_unhandled_idx')
      .on(t.createdAt)
      .where(sql`${t.handledAt} is null`),
  ],
);

/**
 * Newsletter sign-ups from the subscribe dialog (spec 3: name, email, phone, optional file).
 * One row per e-mail address (case-insensitive); subscribing again updates it.
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    // The optional file, in FileStorage under a key the server made; its type as detected from the content.
    attachmentKey: text('attachment_key'),
    attachmentContentType: text('attachment_content_type'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletter_subscriptions_email_lower_key').on(sql`lower(${t.email})`),
    index('newsletter_subscriptions_created_at_idx').on(t.createdAt),
  ],
);

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type NewsletterSubscriptionRow = typeof newsletterSubscriptions.$inferSelect;

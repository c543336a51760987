import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Frequently asked questions (spec 3: id, question, answer), shown on the home page in sort order. */
export const faqs = pgTable(
  'faqs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    isPublished: boolean('is_published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The public list: published ones in sort order (ties by creation, then id, so paging is stable).
    index('faqs_published_sort_idx')
      .on(t.sortOrder, t.createdAt, t.id)
      .where(sql`${t.isPublished}`),
    index('faqs_sort_idx').on(t.sortOrder, t.createdAt, t.id),
  ],
);

export type FaqRow = typeof faqs.$inferSelect;
export type NewFaqRow = typeof faqs.$inferInsert;

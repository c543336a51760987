import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { subscriptions } from './subscriptions';

export type BillingJobKind = 'renewal' | 'late_fee' | 'reinstatement' | 'cancel';
export type BillingJobStatus = 'pending' | 'done' | 'skipped' | 'failed';

/**
 * Scheduled billing work. Runners claim due rows with FOR UPDATE SKIP LOCKED, so each job runs once however
 * many API processes run; the unique key makes scheduling the same job twice a no-op.
 */
export const billingJobs = pgTable(
  'billing_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<BillingJobKind>().notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    status: text('status').$type<BillingJobStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_jobs_subscription_kind_run_key').on(t.subscriptionId, t.kind, t.runAt),
    index('billing_jobs_due_idx').on(t.status, t.runAt),
    check('billing_jobs_kind_check', sql`${t.kind} in ('renewal', 'late_fee', 'reinstatement', 'cancel')`),
    check('billing_jobs_status_check', sql`${t.status} in ('pending', 'done', 'skipped', 'failed')`),
  ],
);

export type BillingJobRow = typeof billingJobs.$inferSelect;

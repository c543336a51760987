import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { plans } from './plans';
import { users } from '../../identity';

/** Subscription status of spec 3 (default none). */
export type SubscriptionStatus = 'none' | 'active' | 'expired' | 'cancelled';

/**
 * A user's mailbox (or sub-admin) subscription: one row per user, moved through the states of
 * modules/subscriptions/state-machine.ts. `expired` with entered_past_due_at is "past due": the renewal
 * charge failed and an invoice is open.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id').references(() => plans.id, { onDelete: 'restrict' }),
    status: text('status').$type<SubscriptionStatus>().notNull().default('none'),
    isExpired: boolean('is_expired').notNull().default(false),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    enteredPastDueAt: timestamp('entered_past_due_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Scans of the current period (reset to the plan's scanCount at each renewal). */
    scansRemaining: integer('scans_remaining').notNull().default(0),
    /** Late fees invoiced during the current past-due stretch. */
    lateFeesCharged: integer('late_fees_charged').notNull().default(0),
    reinstatementInvoicedAt: timestamp('reinstatement_invoiced_at', { withTimezone: true }),
    /** Day of month (1-31) every period end is computed from (set at purchase), so renewals keep the start day. */
    billingAnchorDay: integer('billing_anchor_day'),
    /**
     * A plan chosen before the mailbox application is approved (docs/decisions/003): nothing is charged until the
     * approval, which charges it and clears these. Status stays `none`, so the spec's gate is unchanged.
     */
    pendingPlanId: uuid('pending_plan_id').references(() => plans.id, { onDelete: 'set null' }),
    planChosenAt: timestamp('plan_chosen_at', { withTimezone: true }),
    /** Provider-side subscription id, unused while the billing cycle runs here (kept for a provider switch). */
    providerSubscriptionId: text('provider_subscription_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_user_id_key').on(t.userId),
    index('subscriptions_plan_id_idx').on(t.planId),
    index('subscriptions_status_period_end_idx').on(t.status, t.currentPeriodEnd),
    check('subscriptions_status_check', sql`${t.status} in ('none', 'active', 'expired', 'cancelled')`),
    check('subscriptions_scans_check', sql`${t.scansRemaining} >= 0`),
    check(
      'subscriptions_billing_anchor_day_check',
      sql`${t.billingAnchorDay} is null or ${t.billingAnchorDay} between 1 and 31`,
    ),
  ],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;

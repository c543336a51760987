import type { PlanValidity } from '@postwise/shared/constants';
import type { PlanAdditionalFee, PlanAudience, PlanPenaltyFee } from '@postwise/shared/plans';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../identity';

export type PlanStatus = 'active' | 'archived';

/**
 * A plan (spec 3). The super admin owns sub-admin plans and the platform's customer plans; a sub-admin owns
 * their own customer plans. Money is integer cents of `currency`. Plans are archived, never deleted: invoices
 * and subscriptions keep pointing at them.
 */
export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    audience: text('audience').$type<PlanAudience>().notNull(),
    name: text('name').notNull(),
    description: text('description'),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').$type<'usd'>().notNull().default('usd'),
    validity: text('validity').$type<PlanValidity>().notNull(),
    isPopular: boolean('is_popular').notNull().default(false),
    scanCount: integer('scan_count').notNull().default(0),
    numberOfStores: integer('number_of_stores'),
    numberOfMailboxes: integer('number_of_mailboxes'),
    /** Sub-admin plans: the platform's share of a sub-admin's net revenue, in basis points (default 20%). */
    payoutShareBasisPoints: integer('payout_share_basis_points').notNull().default(2000),
    additionalFee: jsonb('additional_fee').$type<PlanAdditionalFee>().notNull(),
    penaltyFee: jsonb('penalty_fee').$type<PlanPenaltyFee>().notNull(),
    status: text('status').$type<PlanStatus>().notNull().default('active'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Every list: one owner's plans of one audience, optionally one validity, active ones, in display order.
    index('plans_owner_audience_status_idx').on(t.ownerUserId, t.audience, t.status, t.validity, t.sortOrder),
    check('plans_audience_check', sql`${t.audience} in ('customer', 'sub_admin')`),
    check('plans_validity_check', sql`${t.validity} in ('month', 'year', 'topup')`),
    check('plans_status_check', sql`${t.status} in ('active', 'archived')`),
    check('plans_currency_check', sql`${t.currency} in ('usd')`),
    check('plans_price_check', sql`${t.priceCents} >= 0`),
    check('plans_payout_share_check', sql`${t.payoutShareBasisPoints} between 0 and 10000`),
    check('plans_scan_count_check', sql`${t.scanCount} >= 0`),
  ],
);

export type PlanRow = typeof plans.$inferSelect;
export type NewPlanRow = typeof plans.$inferInsert;

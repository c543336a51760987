import { sql } from 'drizzle-orm';
import { check, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../identity';

/** Scans bought with `topup` plans: they never expire (spec 2.9), used after the period's own scans. */
export const scanBalances = pgTable(
  'scan_balances',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    topupScans: integer('topup_scans').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('scan_balances_topup_scans_check', sql`${t.topupScans} >= 0`)],
);

export type ScanBalanceRow = typeof scanBalances.$inferSelect;

import { and, eq } from 'drizzle-orm';
import { closePeriodFor } from '../modules/billing';
import { periodOf } from '../modules/billing';
import type { Db } from '../db/client';
import { payouts } from '../modules/billing';
import { users } from '../modules/identity';
import type { SeedOptions } from './seed-options';

/**
 * subadmin@example.com's payouts: the month before last (paid, with a reference) and last month (pending),
 * both computed from the ledger by the payout job's own code, so the statements trace to real invoices.
 */
export async function seedPayouts(db: Db, _options: SeedOptions, now: Date = new Date()): Promise<void> {
  const [subAdmin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'subadmin@example.com'))
    .limit(1);
  if (!subAdmin) return;
  const older = periodOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1)));
  const last = periodOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
  await closePeriodFor(db, subAdmin.id, older.start, older.end);
  await closePeriodFor(db, subAdmin.id, last.start, last.end);
  const paidAt = new Date(`${last.start}T15:00:00Z`);
  await db
    .update(payouts)
    .set({ status: 'paid', reference: 'ACH-DEMO-0001', approvedAt: paidAt, paidAt, updatedAt: paidAt })
    .where(
      and(eq(payouts.subAdminUserId, subAdmin.id), eq(payouts.periodStart, older.start), eq(payouts.status, 'pending')),
    );
}

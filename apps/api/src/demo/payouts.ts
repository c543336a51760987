import { and, eq } from 'drizzle-orm';
import { sandboxFeeCents } from '../integrations/payments/sandbox-provider';
import { closePeriodFor, recordProviderFees, periodOf, payouts } from '../modules/billing';
import type { Db } from '../db/client';
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
  // The demo's charges are the sandbox's: its fee is the provider's fee, as the payout job records it.
  const sandboxFees = { chargeFee: async ({ amountCents }: { amountCents: number }) => sandboxFeeCents(amountCents) };
  for (const period of [older, last]) {
    await recordProviderFees(db, sandboxFees, subAdmin.id, period.start, period.end);
    await closePeriodFor(db, subAdmin.id, period.start, period.end);
  }
  const paidAt = new Date(`${last.start}T15:00:00Z`);
  await db
    .update(payouts)
    .set({ status: 'paid', reference: 'ACH-DEMO-0001', approvedAt: paidAt, paidAt, updatedAt: paidAt })
    .where(
      and(eq(payouts.subAdminUserId, subAdmin.id), eq(payouts.periodStart, older.start), eq(payouts.status, 'pending')),
    );
}

import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { scanBalances, subscriptions } from '../../billing';
import { conflict } from '../../../lib/errors';

export const NO_SCANS_MESSAGE = 'You have no scans left. Buy a scan package to open and scan this mail.';

/**
 * Uses one scan: the period's own scans first (subscriptions.scans_remaining), then scans bought with scan
 * packages (never expire). Each is a single conditional update, so two requests never spend the same scan.
 */
export async function useScan(tx: Db, userId: string, now: Date): Promise<'plan' | 'topup'> {
  const fromPlan = await tx
    .update(subscriptions)
    .set({ scansRemaining: sql`${subscriptions.scansRemaining} - 1`, updatedAt: now })
    .where(and(eq(subscriptions.userId, userId), gt(subscriptions.scansRemaining, 0)))
    .returning({ id: subscriptions.id });
  if (fromPlan.length) return 'plan';
  const fromTopup = await tx
    .update(scanBalances)
    .set({ topupScans: sql`${scanBalances.topupScans} - 1`, updatedAt: now })
    .where(and(eq(scanBalances.userId, userId), gt(scanBalances.topupScans, 0)))
    .returning({ userId: scanBalances.userId });
  if (fromTopup.length) return 'topup';
  throw conflict(NO_SCANS_MESSAGE, 'NO_SCANS_LEFT');
}

/** A cancelled scan request gives its scan back (to the scan packages, which never expire). */
export async function returnScan(tx: Db, userId: string, now: Date): Promise<void> {
  await tx
    .insert(scanBalances)
    .values({ userId, topupScans: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: scanBalances.userId,
      set: { topupScans: sql`${scanBalances.topupScans} + 1`, updatedAt: now },
    });
}

import type { MySubscription } from '@postwise/shared/billing';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { billingJobs } from '../schema/billing-jobs';
import { invoices } from '../schema/invoices';
import type { PlanRow } from '../schema/plans';
import { scanBalances } from '../schema/scan-balances';
import { type SubscriptionRow, subscriptions } from '../schema/subscriptions';
import { findPlan, toPlanDto } from '../plans/service';
import { billingTimeZone } from '../time-zones';
import {
  INITIAL_STATE,
  isPastDue,
  scheduledJobs,
  type SubscriptionEvent,
  type SubscriptionState,
  transition,
} from './state-machine';

/*
 * A subscription's state and its moves (the state machine applied to the row, with its billing jobs). Taking money
 * for it is elsewhere: purchase-plan.ts (plans, top-ups, the charge on approval) and pay-invoice.ts (renewals and
 * open invoices), both through the ledger's one charge path.
 */

export function toState(row: SubscriptionRow | undefined): SubscriptionState {
  if (!row) return INITIAL_STATE;
  return {
    status: row.status,
    isExpired: row.isExpired,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    enteredPastDueAt: row.enteredPastDueAt,
    cancelledAt: row.cancelledAt,
    lateFeesCharged: row.lateFeesCharged,
    reinstatementInvoicedAt: row.reinstatementInvoicedAt,
    billingAnchorDay: row.billingAnchorDay,
  };
}

export async function findSubscription(db: Db, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row;
}

async function topupScans(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: scanBalances.topupScans })
    .from(scanBalances)
    .where(eq(scanBalances.userId, userId))
    .limit(1);
  return row?.n ?? 0;
}

export async function toMySubscription(
  db: Db,
  userId: string,
  row: SubscriptionRow | undefined,
): Promise<MySubscription> {
  const plan = row?.planId ? await findPlan(db, row.planId) : undefined;
  const pendingPlan = row?.pendingPlanId ? await findPlan(db, row.pendingPlanId) : undefined;
  return {
    status: row?.status ?? 'none',
    isExpired: row?.isExpired ?? false,
    enteredPastDueAt: row?.enteredPastDueAt?.toISOString() ?? null,
    plan: plan ? toPlanDto(plan) : null,
    currentPeriodStart: row?.currentPeriodStart?.toISOString() ?? null,
    currentPeriodEnd: row?.currentPeriodEnd?.toISOString() ?? null,
    cancelledAt: row?.cancelledAt?.toISOString() ?? null,
    scansRemaining: row?.status === 'active' ? row.scansRemaining : 0,
    topupScans: await topupScans(db, userId),
    pendingPlan: pendingPlan ? toPlanDto(pendingPlan) : null,
    planChosenAt: row?.planChosenAt?.toISOString() ?? null,
  };
}

/** GET subscriptions/my: the caller's subscription (status none when they never bought one). */
export async function getMySubscription(db: Db, userId: string): Promise<MySubscription> {
  return toMySubscription(db, userId, await findSubscription(db, userId));
}

/**
 * Writes a transition and re-plans the subscription's billing jobs: pending jobs that no longer fit are
 * skipped, the ones the new state calls for are scheduled (idempotently, by subscription, kind and time).
 */
export async function applyTransition(
  tx: Db,
  row: SubscriptionRow,
  event: SubscriptionEvent,
  extra: Partial<Pick<SubscriptionRow, 'planId' | 'scansRemaining'>> = {},
): Promise<SubscriptionRow> {
  // Renewal days and the past-due days count on the user's store calendar (billing/time-zones.ts).
  const zone = await billingTimeZone(tx, row.userId);
  const next = transition(toState(row), event, zone);
  const [updated] = await tx
    .update(subscriptions)
    .set({ ...next, ...extra, updatedAt: event.at })
    .where(eq(subscriptions.id, row.id))
    .returning();
  await tx
    .update(billingJobs)
    .set({ status: 'skipped', finishedAt: event.at })
    .where(and(eq(billingJobs.subscriptionId, row.id), eq(billingJobs.status, 'pending')));
  for (const job of scheduledJobs(next, zone)) {
    await tx
      .insert(billingJobs)
      .values({ subscriptionId: row.id, kind: job.kind, runAt: job.runAt, status: 'pending' })
      .onConflictDoUpdate({
        target: [billingJobs.subscriptionId, billingJobs.kind, billingJobs.runAt],
        set: { status: 'pending', finishedAt: null },
        setWhere: sql`${billingJobs.status} = 'skipped'`,
      });
  }
  return updated!;
}

/** The user's subscription row, created in state none when missing, locked for this transaction. */
export async function lockSubscriptionRow(tx: Db, userId: string): Promise<SubscriptionRow> {
  await tx.insert(subscriptions).values({ userId }).onConflictDoNothing({ target: subscriptions.userId });
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update').limit(1);
  return row!;
}

export function periodLabel(validity: PlanRow['validity']): string {
  return validity === 'month' ? 'Monthly subscription' : validity === 'year' ? 'Annual subscription' : 'Scan package';
}

/** Open invoices of a subscription (renewal, late fees, reinstatement), oldest first. */
export async function openSubscriptionInvoices(tx: Db, subscriptionId: string) {
  return tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.subscriptionId, subscriptionId), eq(invoices.status, 'open')))
    .orderBy(asc(invoices.createdAt), asc(invoices.number));
}

/**
 * After an invoice of a past-due subscription is paid: once nothing of it is open any more, the subscription
 * is active again for a new period from now (spec 4: paying the open invoices reactivates).
 */
export async function reactivateIfSettled(tx: Db, subscriptionId: string, now: Date): Promise<boolean> {
  const [sub] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId))
    .for('update')
    .limit(1);
  if (!sub || !isPastDue(sub) || !sub.planId) return false;
  if ((await openSubscriptionInvoices(tx, sub.id)).length > 0) return false;
  const plan = await findPlan(tx, sub.planId);
  if (!plan || plan.validity === 'topup') return false;
  await applyTransition(
    tx,
    sub,
    { type: 'reactivate', at: now, validity: plan.validity },
    { scansRemaining: plan.scanCount },
  );
  return true;
}

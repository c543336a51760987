import { OPEN_REQUEST_STATUSES } from '@postwise/shared/mail';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { mailRequests } from '../schema/mail';
import { mailboxes } from '../schema/mailboxes';
import { currentPeriodEstimate, plans, subscriptions } from '../../billing';
import { stores } from '../schema/stores';
import { type Actor, profiles, users } from '../../identity';
import { conflict } from '../../../lib/errors';
import { sharedComputations } from '../../../lib/shared-computation';

export interface PlanUsage {
  planName: string | null;
  /** null: the plan sets no limit (or the sub-admin has no plan yet). */
  storesLimit: number | null;
  storesUsed: number;
  mailboxesLimit: number | null;
  mailboxesUsed: number;
}

/** "Your plan allows 1 store. Upgrade your plan to add another store." */
export function storeLimitMessage(limit: number): string {
  return `Your plan allows ${limit} ${limit === 1 ? 'store' : 'stores'}. Upgrade your plan to add another store.`;
}

export function mailboxLimitMessage(limit: number): string {
  return `Your plan allows ${limit} ${limit === 1 ? 'mailbox' : 'mailboxes'}. Upgrade your plan to approve another mailbox.`;
}

/** A sub-admin's plan limits (their subscription's plan) and what they use: stores owned, active mailboxes. */
export async function planUsageOf(db: Db, subAdminId: string): Promise<PlanUsage> {
  const [plan] = await db
    .select({ name: plans.name, stores: plans.numberOfStores, mailboxes: plans.numberOfMailboxes })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, subAdminId))
    .limit(1);
  const [storeCount] = await db.select({ n: count() }).from(stores).where(eq(stores.ownerUserId, subAdminId));
  const [boxCount] = await db
    .select({ n: count() })
    .from(mailboxes)
    .innerJoin(stores, eq(stores.id, mailboxes.storeId))
    .where(and(eq(stores.ownerUserId, subAdminId), eq(mailboxes.status, 'active')));
  return {
    planName: plan?.name ?? null,
    storesLimit: plan?.stores ?? null,
    storesUsed: Number(storeCount?.n ?? 0),
    mailboxesLimit: plan?.mailboxes ?? null,
    mailboxesUsed: Number(boxCount?.n ?? 0),
  };
}

async function isSubAdmin(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ role: users.roleCode }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.role === 'SUB_ADMIN';
}

/** Refuses (409) a sub-admin's store beyond their plan's numberOfStores. */
export async function assertStoreAllowed(db: Db, ownerUserId: string): Promise<void> {
  if (!(await isSubAdmin(db, ownerUserId))) return;
  const usage = await planUsageOf(db, ownerUserId);
  if (usage.storesLimit !== null && usage.storesUsed >= usage.storesLimit) {
    throw conflict(storeLimitMessage(usage.storesLimit));
  }
}

/** Refuses (409) opening a mailbox in a sub-admin's stores beyond their plan's numberOfMailboxes. */
export async function assertMailboxAllowed(db: Db, ownerUserId: string | null): Promise<void> {
  if (!ownerUserId || !(await isSubAdmin(db, ownerUserId))) return;
  const usage = await planUsageOf(db, ownerUserId);
  if (usage.mailboxesLimit !== null && usage.mailboxesUsed >= usage.mailboxesLimit) {
    throw conflict(mailboxLimitMessage(usage.mailboxesLimit));
  }
}

/** The sub-admin dashboard's live figures: their customers, applications waiting, open mail requests, payout so far. */
export function subAdminDashboard(db: Db, actor: Actor, now: Date): Promise<SubAdminDashboard> {
  // One computation per sub-admin at a time (their own figures only: the key is theirs).
  return sharedDashboards(actor.userId, () => computeSubAdminDashboard(db, actor, now));
}

async function computeSubAdminDashboard(db: Db, actor: Actor, now: Date) {
  const me = actor.userId;
  const mine = and(eq(users.parentUserId, me), eq(users.roleCode, 'USER'));
  const [[customers], [pending], [open], payoutSoFar, planUsage] = await Promise.all([
    db.select({ n: count() }).from(users).where(mine),
    db
      .select({ n: count() })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(and(mine, eq(profiles.mailboxStatus, 'pending'))),
    db
      .select({ n: count() })
      .from(mailRequests)
      .innerJoin(stores, eq(stores.id, mailRequests.storeId))
      .where(and(eq(stores.ownerUserId, me), inArray(mailRequests.status, [...OPEN_REQUEST_STATUSES]))),
    currentPeriodEstimate(db, me, now),
    planUsageOf(db, me),
  ]);
  return {
    customers: Number(customers?.n ?? 0),
    pendingApplications: Number(pending?.n ?? 0),
    openMailRequests: Number(open?.n ?? 0),
    payoutSoFar,
    planUsage,
  };
}

type SubAdminDashboard = Awaited<ReturnType<typeof computeSubAdminDashboard>>;
const sharedDashboards = sharedComputations<SubAdminDashboard>();

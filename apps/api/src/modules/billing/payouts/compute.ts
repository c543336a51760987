import { and, asc, eq, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { PaymentProvider } from '../../../integrations/payments/payment-provider';
import { invoices } from '../schema/invoices';
import { payoutLines, payouts } from '../schema/payouts';
import { plans } from '../schema/plans';
import { subscriptions } from '../schema/subscriptions';
import { transactions } from '../schema/transactions';
import { users } from '../../identity';
import {
  computePayout,
  DEFAULT_PAYOUT_SHARE_BASIS_POINTS,
  type LedgerEntry,
  lastClosedPeriod,
  openPeriod,
  periodInstants,
} from './payout-math';
import { billingTimeZone } from '../time-zones';

/**
 * A sub-admin's periods are months of their store calendar (the default store's zone, billing/time-zones.ts): the
 * instants a period covers.
 */
async function periodRange(db: Db, subAdminId: string, start: string, end: string) {
  return periodInstants(start, end, await billingTimeZone(db, subAdminId));
}

/** The sub-admin's customers' money: the payer is their customer, or the sub-admin issued the invoice. */
const ofSubAdmin = (subAdminId: string) =>
  and(
    or(eq(users.parentUserId, subAdminId), eq(invoices.issuerUserId, subAdminId)),
    sql`${invoices.userId} <> ${subAdminId}`,
  );

/** Invoices paid within [from, to). */
const paidIn = (from: Date, to: Date) => [
  eq(invoices.status, 'paid'),
  gte(invoices.paidAt, from),
  lt(invoices.paidAt, to),
];

/** The sub-admin's customers' transactions that meet `conditions`, with their invoice's number and payer. */
function subAdminTransactions(db: Db, subAdminId: string, ...conditions: SQL[]) {
  return db
    .select({
      id: transactions.id,
      invoiceId: transactions.invoiceId,
      number: invoices.number,
      amountCents: transactions.amountCents,
      chargeId: transactions.providerChargeId,
      createdAt: transactions.createdAt,
      email: users.email,
    })
    .from(transactions)
    .innerJoin(invoices, eq(invoices.id, transactions.invoiceId))
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(and(ofSubAdmin(subAdminId), ...conditions));
}

/**
 * The ledger of one sub-admin for one period, read from invoices, transactions and shipments only, so a payout
 * can always be recomputed and checked: invoices paid in the period, refunds made in the period (a refund of an
 * invoice paid in an earlier, closed period lands here, in the period it was made).
 */
export async function ledgerFor(db: Db, subAdminId: string, start: string, end: string): Promise<LedgerEntry[]> {
  const { from, to } = await periodRange(db, subAdminId, start, end);
  const paid = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      category: invoices.category,
      lines: invoices.lines,
      totalCents: invoices.totalCents,
      paidAt: invoices.paidAt,
      email: users.email,
      // The card provider's real fees on the invoice's charges (recorded by the payout job before it closes).
      feeCents: sql<string | null>`(select sum(coalesce(${transactions.providerFeeCents}, 0)) from ${transactions}
        where ${transactions.invoiceId} = ${invoices.id} and ${transactions.kind} = 'charge'
        and ${transactions.status} = 'succeeded' and ${transactions.amountCents} > 0)`,
      transactionId: sql<string | null>`(select ${transactions.id}::text from ${transactions}
        where ${transactions.invoiceId} = ${invoices.id} and ${transactions.kind} = 'charge'
        and ${transactions.status} = 'succeeded' order by ${transactions.createdAt} limit 1)`,
    })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(and(ofSubAdmin(subAdminId), ...paidIn(from, to)))
    .orderBy(asc(invoices.paidAt), asc(invoices.number));

  const entries: LedgerEntry[] = paid.map((row) => {
    const base = {
      description: `${row.number} · ${row.email}`,
      invoiceId: row.id,
      transactionId: row.transactionId,
      providerFeeCents: Number(row.feeCents ?? 0),
      occurredAt: row.paidAt ?? from,
    };
    if (row.category === 'shipment') {
      // The margin recorded on each label's line at sale time (our price less the carrier's cost); voided labels
      // earn nothing. The ledger alone answers it: payouts never read the shipping area's tables.
      const margin = row.lines.reduce((sum, l) => sum + (l.voided ? 0 : Math.max(0, l.marginCents ?? 0)), 0);
      return { ...base, category: 'shipping_margin', amountCents: margin };
    }
    if (row.category === 'mail_request') {
      const forward = row.lines.some((l) => /forward/i.test(l.description));
      return { ...base, category: forward ? 'forward' : 'mailbox_fee', amountCents: row.totalCents };
    }
    return { ...base, category: 'subscription', amountCents: row.totalCents };
  });

  const refunds = await subAdminTransactions(
    db,
    subAdminId,
    eq(transactions.kind, 'refund'),
    eq(transactions.status, 'succeeded'),
    gte(transactions.createdAt, from),
    lt(transactions.createdAt, to),
  ).orderBy(asc(transactions.createdAt), asc(transactions.id));
  for (const r of refunds) {
    entries.push({
      category: 'refund',
      description: `Refund of ${r.number} · ${r.email}`,
      invoiceId: r.invoiceId,
      transactionId: r.id,
      amountCents: r.amountCents,
      providerFeeCents: 0,
      occurredAt: r.createdAt,
    });
  }
  return entries;
}

/** The platform's share on the sub-admin's current plan (basis points), or the documented default. */
export async function shareBasisPointsOf(db: Db, subAdminId: string): Promise<number> {
  const [row] = await db
    .select({ bp: plans.payoutShareBasisPoints })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, subAdminId))
    .limit(1);
  return row?.bp ?? DEFAULT_PAYOUT_SHARE_BASIS_POINTS;
}

/**
 * Computes and stores one sub-admin's payout for a closed period, once. A second run finds the row (unique
 * (sub_admin_user_id, period_start)) and changes nothing. Returns whether a payout was written.
 */
export async function closePeriodFor(db: Db, subAdminId: string, start: string, end: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.subAdminUserId, subAdminId), eq(payouts.periodStart, start)));
    if (existing) return false;
    const [previous] = await tx
      .select({ carryOutMicro: payouts.carryOutMicro })
      .from(payouts)
      .where(and(eq(payouts.subAdminUserId, subAdminId), lt(payouts.periodStart, start)))
      .orderBy(sql`${payouts.periodStart} desc`)
      .limit(1);
    const entries = await ledgerFor(tx, subAdminId, start, end);
    const result = computePayout(entries, await shareBasisPointsOf(tx, subAdminId), previous?.carryOutMicro ?? 0);
    const [row] = await tx
      .insert(payouts)
      .values({
        subAdminUserId: subAdminId,
        periodStart: start,
        periodEnd: end,
        grossCents: result.grossCents,
        refundCents: result.refundCents,
        providerFeeMicro: result.providerFeeMicro,
        shareBasisPoints: await shareBasisPointsOf(tx, subAdminId),
        platformShareMicro: result.platformShareMicro,
        carryInMicro: result.carryInMicro,
        carryOutMicro: result.carryOutMicro,
        payoutCents: result.payoutCents,
      })
      .onConflictDoNothing()
      .returning({ id: payouts.id });
    if (!row) return false;
    if (result.lines.length > 0) {
      await tx.insert(payoutLines).values(
        result.lines.map((line, i) => ({
          payoutId: row.id,
          category: line.category,
          description: line.description,
          invoiceId: line.invoiceId,
          transactionId: line.transactionId,
          amountMicro: line.amountMicro,
          occurredAt: line.occurredAt,
          sortOrder: i,
        })),
      );
    }
    return true;
  });
}

/**
 * Asks the card provider what it kept of each succeeded charge of the sub-admin's period that has no fee on record
 * yet, and records it (one provider call per charge, no transaction open). Answers how many are still unknown.
 */
export async function recordProviderFees(
  db: Db,
  payments: Pick<PaymentProvider, 'chargeFee'>,
  subAdminId: string,
  start: string,
  end: string,
): Promise<number> {
  const { from, to } = await periodRange(db, subAdminId, start, end);
  const charges = await subAdminTransactions(
    db,
    subAdminId,
    ...paidIn(from, to),
    eq(transactions.kind, 'charge'),
    eq(transactions.status, 'succeeded'),
    isNull(transactions.providerFeeCents),
  );
  let unknown = 0;
  for (const c of charges) {
    const fee =
      c.chargeId && c.amountCents > 0
        ? await payments.chargeFee({ chargeId: c.chargeId, amountCents: c.amountCents })
        : 0;
    if (fee === null) {
      unknown += 1;
      continue;
    }
    await db.update(transactions).set({ providerFeeCents: fee }).where(eq(transactions.id, c.id));
  }
  return unknown;
}

/**
 * The payout job: last month's payout for every sub-admin (idempotent; safe to run any number of times). A period
 * closes once the provider has told its fees on every charge of it; otherwise that sub-admin waits for the next run.
 */
export async function runPayoutJob(
  db: Db,
  payments: Pick<PaymentProvider, 'chargeFee'>,
  now: Date = new Date(),
): Promise<{ written: number; waiting: number }> {
  const subAdmins = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.roleCode, ['SUB_ADMIN']));
  let written = 0;
  let waiting = 0;
  for (const s of subAdmins) {
    const period = lastClosedPeriod(now, await billingTimeZone(db, s.id));
    const [closed] = await db
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.subAdminUserId, s.id), eq(payouts.periodStart, period.start)));
    if (closed) continue;
    if ((await recordProviderFees(db, payments, s.id, period.start, period.end)) > 0) {
      waiting += 1;
      continue;
    }
    if (await closePeriodFor(db, s.id, period.start, period.end)) written += 1;
  }
  return { written, waiting };
}

/** The payout so far of the open period (the dashboard's figure): computed, never stored. */
export async function currentPeriodEstimate(db: Db, subAdminId: string, now: Date = new Date()) {
  const period = openPeriod(now, await billingTimeZone(db, subAdminId));
  const [previous] = await db
    .select({ carryOutMicro: payouts.carryOutMicro })
    .from(payouts)
    .where(and(eq(payouts.subAdminUserId, subAdminId), lt(payouts.periodStart, period.start)))
    .orderBy(sql`${payouts.periodStart} desc`)
    .limit(1);
  const entries = await ledgerFor(db, subAdminId, period.start, period.end);
  const result = computePayout(entries, await shareBasisPointsOf(db, subAdminId), previous?.carryOutMicro ?? 0);
  return { periodStart: period.start, periodEnd: period.end, payoutCents: result.payoutCents };
}

/** Runs the payout job every `intervalSeconds` (PAYOUT_JOBS_INTERVAL_SECONDS); returns a stop function. */
export function startPayoutRunner(
  db: Db,
  payments: Pick<PaymentProvider, 'chargeFee'>,
  intervalSeconds: number,
  log: (err: unknown) => void,
): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    runPayoutJob(db, payments)
      .catch(log)
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, intervalSeconds * 1000);
  timer.unref();
  tick();
  return () => clearInterval(timer);
}

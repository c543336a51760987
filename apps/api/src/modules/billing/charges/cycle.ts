import { dayKeyIn } from '@postwise/shared/time-zones';
import { BILLING_RULES } from '@postwise/shared/billing';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type BillingJobRow, billingJobs } from '../schema/billing-jobs';
import type { PlanRow } from '../schema/plans';
import { type SubscriptionRow, subscriptions } from '../schema/subscriptions';
import { isAppError } from '../../../lib/errors';
import { insertInvoice, invoiceLine, invoiceRequestKey } from '../invoices/invoice-records';
import { driveIntent, openIntent, recoverIntents } from '../ledger/charge';
import { lockBillingUser } from '../ledger/payers';
import { recoverPendingRefunds } from '../ledger/refund';
import type { PaymentIntentRow } from '../schema/payment-intents';
import { findPlan } from '../plans/service';
import { addDays, addPeriod, anchorDayOf, jobApplies } from '../subscriptions/state-machine';
import { billingTimeZone } from '../time-zones';
import { applyTransition, toState } from '../subscriptions/service';
import { invoicePaymentPurpose, notifyRenewalFailed } from '../subscriptions/pay-invoice';
import type { BillingContext } from '../context';

export type JobOutcome = 'done' | 'skipped' | 'retry' | 'failed';

export interface CycleReport {
  jobs: { id: string; kind: BillingJobRow['kind']; subscriptionId: string; outcome: JobOutcome; detail?: string }[];
}

const MAX_ATTEMPTS = 5;

/**
 * One run of the billing cycle: every due job (renewals, late fees, reinstatement, termination), each claimed
 * with FOR UPDATE SKIP LOCKED inside its own transaction, so several processes can run the cycle at once and
 * each job still runs once. Errors (provider down) are retried later with back-off.
 */
export async function runBillingCycle(ctx: BillingContext, { maxJobs = 500 } = {}): Promise<CycleReport> {
  const report: CycleReport = { jobs: [] };
  for (let i = 0; i < maxJobs; i++) {
    const now = ctx.now();
    const entry = await ctx.db.transaction(async (tx) => {
      const [job] = await tx
        .select()
        .from(billingJobs)
        .where(and(eq(billingJobs.status, 'pending'), lte(billingJobs.runAt, now)))
        .orderBy(asc(billingJobs.runAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!job) return null;
      try {
        const detail = await tx.transaction((savepoint) => runJob(savepoint, ctx, job, now));
        await tx
          .update(billingJobs)
          .set({ status: detail.outcome, attempts: job.attempts + 1, finishedAt: now })
          .where(eq(billingJobs.id, job.id));
        return {
          job,
          outcome: detail.outcome as JobOutcome,
          detail: detail.detail,
          charge: detail.charge,
          noCard: detail.noCard,
        };
      } catch (err) {
        ctx.log.error({ err, jobId: job.id, kind: job.kind }, 'billing job failed');
        const attempts = job.attempts + 1;
        const giveUp = attempts >= MAX_ATTEMPTS;
        await tx
          .update(billingJobs)
          .set({
            attempts,
            lastError: err instanceof Error ? err.message.slice(0, 500) : String(err),
            ...(giveUp
              ? { status: 'failed' as const, finishedAt: now }
              : { runAt: new Date(now.getTime() + attempts * 5 * 60_000) }),
          })
          .where(eq(billingJobs.id, job.id));
        return { job, outcome: (giveUp ? 'failed' : 'retry') as JobOutcome, detail: undefined };
      }
    });
    if (!entry) break;
    // A renewal's charge is committed as an intent with the job; the card is charged now, no transaction open.
    // A crash from here on leaves the intent for recovery, which finishes or undoes it: never a second charge.
    if (entry.charge) entry.detail = await chargeRenewal(ctx, entry.charge);
    if (entry.noCard) await notifyRenewalFailed(ctx, entry.noCard.userId, entry.noCard.planId, 'No card on file.');
    report.jobs.push({
      id: entry.job.id,
      kind: entry.job.kind,
      subscriptionId: entry.job.subscriptionId,
      outcome: entry.outcome,
      ...(entry.detail ? { detail: entry.detail } : {}),
    });
  }
  return report;
}

type RunResult = {
  outcome: 'done' | 'skipped';
  detail?: string;
  charge?: PaymentIntentRow;
  /** A renewal with no card on file: the customer is told after the job's commit. */
  noCard?: { userId: string; planId: string };
};

async function chargeRenewal(ctx: BillingContext, intent: PaymentIntentRow): Promise<string> {
  try {
    const outcome = await driveIntent(ctx, intent);
    return outcome.status === 'succeeded' ? 'renewed' : 'past_due';
  } catch (err) {
    ctx.log.warn({ err, intentId: intent.id }, 'renewal charge not answered; recovery settles it');
    return 'charging';
  }
}

async function runJob(tx: Db, ctx: BillingContext, job: BillingJobRow, now: Date): Promise<RunResult> {
  const [peek] = await tx
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.id, job.subscriptionId));
  if (!peek) return { outcome: 'skipped' };
  // The same lock purchases and card changes take, so a renewal never races a resume.
  await lockBillingUser(tx, peek.userId);
  const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, job.subscriptionId)).for('update');
  if (!sub || !sub.planId || !jobApplies(toState(sub), job.kind, now)) return { outcome: 'skipped' };
  const plan = await findPlan(tx, sub.planId);
  if (!plan || plan.validity === 'topup') return { outcome: 'skipped' };
  switch (job.kind) {
    case 'renewal':
      return renew(tx, ctx, sub, plan, now);
    case 'late_fee':
      await feeInvoice(tx, sub, plan, 'late_fee', plan.penaltyFee.late, 'Late payment fee (one week unpaid)', now);
      await applyTransition(tx, sub, { type: 'late_fee_invoiced', at: now });
      return { outcome: 'done' };
    case 'reinstatement':
      await feeInvoice(
        tx,
        sub,
        plan,
        'reinstatement',
        plan.penaltyFee.reinstatement,
        `Reinstatement fee (${BILLING_RULES.reinstatementAfterDays} days of non-payment)`,
        now,
      );
      await applyTransition(tx, sub, { type: 'reinstatement_invoiced', at: now });
      return { outcome: 'done' };
    case 'cancel':
      await applyTransition(tx, sub, { type: 'cancel', at: now });
      return { outcome: 'done' };
  }
}

async function feeInvoice(
  tx: Db,
  sub: SubscriptionRow,
  plan: PlanRow,
  category: 'late_fee' | 'reinstatement',
  amountCents: number,
  description: string,
  now: Date,
): Promise<void> {
  if (amountCents <= 0) return;
  await insertInvoice(tx, {
    userId: sub.userId,
    issuerUserId: plan.ownerUserId,
    category,
    subscriptionId: sub.id,
    planId: plan.id,
    lines: [invoiceLine(description, amountCents)],
    currency: 'usd',
    status: 'open',
    dueAt: addDays(now, BILLING_RULES.paymentDueDays),
  });
}

/**
 * Renewal at the period end: invoices the next period and commits the intent to charge it, in the job's
 * transaction. The card is charged after the commit (runBillingCycle); its outcome moves the subscription (renewed, or
 * past due with an e-mail) when it is recorded. No card on file: past due at once.
 */
async function renew(tx: Db, ctx: BillingContext, sub: SubscriptionRow, plan: PlanRow, now: Date): Promise<RunResult> {
  const validity = plan.validity as 'month' | 'year';
  const periodStart = sub.currentPeriodEnd!;
  const zone = await billingTimeZone(tx, sub.userId);
  const periodEnd = addPeriod(periodStart, validity, anchorDayOf(sub, zone), zone);
  const invoice = await insertInvoice(tx, {
    userId: sub.userId,
    issuerUserId: plan.ownerUserId,
    category: 'subscription',
    subscriptionId: sub.id,
    planId: plan.id,
    lines: [
      invoiceLine(
        `${plan.name} — ${validity === 'month' ? 'Monthly' : 'Annual'} renewal, ${dayKeyIn(periodStart, zone)} to ${dayKeyIn(periodEnd, zone)}`,
        plan.priceCents,
      ),
    ],
    currency: 'usd',
    status: 'open',
    periodStart,
    periodEnd,
    dueAt: addDays(now, BILLING_RULES.paymentDueDays),
  });
  try {
    const opened = await tx.transaction((savepoint) =>
      openIntent(savepoint, ctx, {
        purpose: invoicePaymentPurpose,
        userId: sub.userId,
        requestKey: invoiceRequestKey(invoice.id),
        body: { invoiceId: invoice.id },
        input: {
          invoiceId: invoice.id,
          renewal: { subscriptionId: sub.id, planId: plan.id, validity, scanCount: plan.scanCount },
        },
      }),
    );
    if (opened.kind === 'opened') return { outcome: 'done', detail: 'charging', charge: opened.intent };
    return { outcome: 'done', detail: 'renewed' };
  } catch (err) {
    // No card on file: the renewal cannot be charged, which is a failed renewal, not a broken job.
    if (!isAppError(err) || (err.code !== 'NO_CUSTOMER_ID' && err.code !== 'NO_DEFAULT_PAYMENT_METHOD')) throw err;
  }
  await applyTransition(tx, sub, { type: 'renewal_failed', at: now });
  return { outcome: 'done', detail: 'past_due', noCard: { userId: sub.userId, planId: plan.id } };
}

/** Runs the cycle every `intervalSeconds` until stopped (server.ts; one timer per process is safe). */
export function startBillingRunner(ctx: BillingContext, intervalSeconds: number): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runBillingCycle(ctx)
      .then(async (report) => {
        if (report.jobs.length) ctx.log.info({ jobs: report.jobs.length }, 'billing cycle ran');
        // Purchases whose process stopped between committing the intent and recording its outcome.
        const recovered = await recoverIntents(ctx);
        if (recovered) ctx.log.warn({ recovered }, 'interrupted purchases settled');
        const refunds = await recoverPendingRefunds(ctx);
        if (refunds) ctx.log.warn({ refunds }, 'interrupted refunds recovered');
      })
      .catch((err) => ctx.log.error({ err }, 'billing cycle failed'))
      .finally(() => {
        running = false;
      });
  }, intervalSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

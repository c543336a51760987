import { formatCents } from '@postwise/shared/plans';
import { BILLING_RULES } from '@postwise/shared/billing';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type BillingJobRow, billingJobs } from '../schema/billing-jobs';
import type { PlanRow } from '../schema/plans';
import { type SubscriptionRow, subscriptions } from '../schema/subscriptions';
import { paymentFailedEmail } from '../../../integrations/mailer/templates';
import { isAppError } from '../../../lib/errors';
import { insertInvoice, invoiceLine } from '../invoices/invoice-records';
import { findPlan } from '../plans/service';
import { lockBillingUser } from '../payment-methods/service';
import { addDays, addPeriod, anchorDayOf, jobApplies } from '../subscriptions/state-machine';
import { applyTransition, recoverPendingCharges, toState } from '../subscriptions/service';
import { recoverPendingRefunds } from './refund';
import { findUserById } from '../../identity';
import type { BillingContext } from './billing-context';
import { payInvoice } from './charge';

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
        return { job, outcome: detail.outcome as JobOutcome, detail: detail.detail };
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

type RunResult = { outcome: 'done' | 'skipped'; detail?: string };

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

/** Renewal at the period end: invoice the next period and charge the default card; a failure makes it past due. */
async function renew(tx: Db, ctx: BillingContext, sub: SubscriptionRow, plan: PlanRow, now: Date): Promise<RunResult> {
  const validity = plan.validity as 'month' | 'year';
  const periodStart = sub.currentPeriodEnd!;
  const invoice = await insertInvoice(tx, {
    userId: sub.userId,
    issuerUserId: plan.ownerUserId,
    category: 'subscription',
    subscriptionId: sub.id,
    planId: plan.id,
    lines: [invoiceLine(`${plan.name} — ${validity === 'month' ? 'Monthly' : 'Annual'} renewal`, plan.priceCents)],
    currency: 'usd',
    status: 'open',
    periodStart,
    periodEnd: addPeriod(periodStart, validity, anchorDayOf(sub)),
    dueAt: addDays(now, BILLING_RULES.paymentDueDays),
  });

  let failure: string;
  try {
    const outcome = await payInvoice(tx, ctx.payments, invoice, now);
    if (outcome.status === 'succeeded') {
      await applyTransition(
        tx,
        sub,
        { type: 'renewal_succeeded', at: now, validity },
        { scansRemaining: plan.scanCount },
      );
      return { outcome: 'done', detail: 'renewed' };
    }
    failure = outcome.message;
  } catch (err) {
    // No card on file: the renewal cannot be charged, which is a failed renewal, not a broken job.
    if (!isAppError(err) || (err.code !== 'NO_CUSTOMER_ID' && err.code !== 'NO_DEFAULT_PAYMENT_METHOD')) throw err;
    failure = 'No card on file.';
  }
  await applyTransition(tx, sub, { type: 'renewal_failed', at: now });
  await notifyPaymentFailed(tx, ctx, sub.userId, plan, failure);
  return { outcome: 'done', detail: 'past_due' };
}

async function notifyPaymentFailed(tx: Db, ctx: BillingContext, userId: string, plan: PlanRow, reason: string) {
  if (!ctx.mailer) return;
  const user = await findUserById(tx, userId);
  if (!user) return;
  const page = user.roleCode === 'SUB_ADMIN' ? '/my-invoices' : '/invoices-billing';
  try {
    await ctx.mailer.send(
      paymentFailedEmail(user.email, {
        name: user.fullName,
        planName: plan.name,
        amount: formatCents(plan.priceCents, { alwaysDecimals: true }),
        reason,
        invoicesUrl: `${ctx.publicUrl ?? ''}${page}?p_s=pending`,
      }),
    );
  } catch (err) {
    ctx.log.warn({ err, userId }, 'payment failed e-mail not sent');
  }
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
        // Charges whose process stopped between the provider call and its record (reserve → charge → record).
        const recovered = await recoverPendingCharges(ctx);
        if (recovered) ctx.log.warn({ recovered }, 'interrupted charges recovered');
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

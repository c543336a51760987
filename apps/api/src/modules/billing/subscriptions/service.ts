import { BILLING_RULES, type MySubscription, type PurchaseQuote, type PurchaseResult } from '@postwise/shared/billing';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { billingJobs } from '../schema/billing-jobs';
import { type InvoiceRow, invoices } from '../schema/invoices';
import type { PlanRow } from '../schema/plans';
import { scanBalances } from '../schema/scan-balances';
import { type SubscriptionRow, subscriptions } from '../schema/subscriptions';
import { type TransactionRow, transactions } from '../schema/transactions';
import type { UserRow } from '../../identity';
import { conflict, forbidden, notFound, validationFailed } from '../../../lib/errors';
import { actorFromUser } from '../../identity';
import { manages } from '../../identity';
import type { BillingContext } from '../charges/billing-context';
import {
  type ChargeOutcome,
  findLatestSucceededCharge,
  findSucceededCharge,
  linkChargeToInvoice,
  NO_CUSTOMER_MESSAGE,
  NO_DEFAULT_CARD_MESSAGE,
  PENDING_CHARGE_STALE_MS,
  recordChargeResult,
  reserveCharge,
  runCharge,
} from '../charges/charge';
import { insertInvoice, invoiceLine, loadInvoiceDto } from '../invoices/invoice-records';
import { findCustomer, findDefaultPaymentMethod, lockBillingUser, paymentFailed } from '../payment-methods/service';
import { profiles } from '../../identity';
import { approvalChargeFailedEmail } from '../../../integrations/mailer/templates';
import { formatCents } from '@postwise/shared/plans';
import { sendReceiptOnce } from './receipt';
import { findPlan, isPlanAvailableTo, toPlanDto } from '../plans/service';
import { findUserById } from '../../identity';
import {
  addDays,
  addPeriod,
  INITIAL_STATE,
  type PeriodValidity,
  scheduledJobs,
  type SubscriptionEvent,
  type SubscriptionState,
  transition,
} from './state-machine';

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

/**
 * Whether a plan bought for `buyer` now is only recorded, to be charged at approval (docs/decisions/003): a
 * customer whose mailbox application is under review (or was sent back) is never charged before approval.
 */
export async function awaitsApproval(db: Db, buyer: UserRow): Promise<boolean> {
  if (buyer.roleCode !== 'USER') return false;
  const [profile] = await db
    .select({ status: profiles.mailboxStatus })
    .from(profiles)
    .where(eq(profiles.userId, buyer.id))
    .limit(1);
  return profile?.status === 'pending' || profile?.status === 'rejected';
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
  const next = transition(toState(row), event);
  const [updated] = await tx
    .update(subscriptions)
    .set({ ...next, ...extra, updatedAt: event.at })
    .where(eq(subscriptions.id, row.id))
    .returning();
  await tx
    .update(billingJobs)
    .set({ status: 'skipped', finishedAt: event.at })
    .where(and(eq(billingJobs.subscriptionId, row.id), eq(billingJobs.status, 'pending')));
  for (const job of scheduledJobs(next)) {
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
async function lockSubscriptionRow(tx: Db, userId: string): Promise<SubscriptionRow> {
  await tx.insert(subscriptions).values({ userId }).onConflictDoNothing({ target: subscriptions.userId });
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update').limit(1);
  return row!;
}

function periodLabel(validity: PlanRow['validity']): string {
  return validity === 'month' ? 'Monthly subscription' : validity === 'year' ? 'Annual subscription' : 'Scan package';
}

/**
 * How long a purchase of the same plan without an Idempotency-Key is taken for a retry of the previous one
 * (issue 9): answered from that record, never charged again, whatever minute it falls in. A client that
 * means to buy the same scan package twice within it sends a key per purchase (the web app always does).
 */
export const KEYLESS_RETRY_WINDOW_MS = 10 * 60_000;

const keylessPrefix = (userId: string, planId: string) => `purchase:${userId}:${planId}:auto:`;

/** A client's Idempotency-Key, or, without one, the user, plan and time of this attempt (see KEYLESS_RETRY_WINDOW_MS). */
export function purchaseRequestKey(userId: string, planId: string, clientKey: string | undefined, now: Date): string {
  return clientKey
    ? `purchase:${userId}:${planId}:key:${clientKey}`
    : `${keylessPrefix(userId, planId)}${now.getTime()}`;
}

/** The charge a purchase answers from: the same key's, or a keyless one of the same plan within the window. */
async function earlierPurchase(
  tx: Db,
  userId: string,
  planId: string,
  requestKey: string,
  keyless: boolean,
  now: Date,
) {
  if (!keyless) return findSucceededCharge(tx, requestKey);
  const prefix = keylessPrefix(userId, planId);
  const latest = await findLatestSucceededCharge(tx, userId, prefix);
  const at = latest ? Number(latest.requestKey.slice(prefix.length)) : NaN;
  return latest && now.getTime() - at < KEYLESS_RETRY_WINDOW_MS ? latest : undefined;
}

/**
 * GET subscriptions/quote: the order summary of buying `planId` for `userId` now, from the same facts the purchase
 * uses (plan price, the period from today with its anchor day), so the card dialog never guesses amounts or dates.
 * The same access rules as the purchase: the caller or a customer they manage, a plan available to the buyer.
 */
export async function quotePurchase(
  ctx: BillingContext,
  actor: UserRow,
  input: { planId: string; userId: string },
): Promise<PurchaseQuote> {
  const buyer = input.userId === actor.id ? actor : await findUserById(ctx.db, input.userId);
  if (!buyer) throw notFound('User not found');
  if (buyer.id !== actor.id && !(await manages(ctx.db, actorFromUser(actor), buyer.id))) throw forbidden();
  const plan = await findPlan(ctx.db, input.planId);
  if (!plan || !(await isPlanAvailableTo(ctx.db, plan, buyer))) {
    throw validationFailed('This plan is not available to you.', { plan: 'This plan is not available to you.' });
  }
  const now = ctx.now();
  const isTopup = plan.validity === 'topup';
  const taxCents = 0;
  const deferred = !isTopup && (await awaitsApproval(ctx.db, buyer));
  return {
    planId: plan.id,
    planName: plan.name,
    validity: plan.validity,
    periodLabel: periodLabel(plan.validity),
    currency: 'usd',
    priceCents: plan.priceCents,
    taxCents,
    chargedTodayCents: deferred ? 0 : plan.priceCents + taxCents,
    chargedWhen: deferred ? 'approval' : 'now',
    // Deferred: the period starts on the approval day; today's date shows the shape of it.
    periodStart: isTopup ? null : now.toISOString(),
    renewsAt: isTopup ? null : addPeriod(now, plan.validity as PeriodValidity).toISOString(),
  };
}

/**
 * POST subscriptions: buys `planId` for `userId` (the caller, or a customer the caller manages). Reserve → charge →
 * record (billing/charge.ts): no lock is held while the provider answers; the paid invoice and the subscription (or
 * scan balance) change are written with the recorded charge. A refused card leaves a failed transaction and answers
 * 402 with the provider's message; no card answers NO_CUSTOMER_ID / NO_DEFAULT_PAYMENT_METHOD so the client opens
 * the card dialog and retries. A retried request (same Idempotency-Key, or the same plan again without a key
 * within KEYLESS_RETRY_WINDOW_MS) answers the first purchase without charging again.
 */
export async function purchasePlan(
  ctx: BillingContext,
  actor: UserRow,
  input: { planId: string; userId: string; idempotencyKey?: string | undefined },
): Promise<PurchaseResult> {
  const buyer = input.userId === actor.id ? actor : await findUserById(ctx.db, input.userId);
  if (!buyer) throw notFound('User not found');
  if (buyer.id !== actor.id && !(await manages(ctx.db, actorFromUser(actor), buyer.id))) throw forbidden();
  const plan = await findPlan(ctx.db, input.planId);
  if (!plan || !(await isPlanAvailableTo(ctx.db, plan, buyer))) {
    throw validationFailed('This plan is not available to you.', { plan: 'This plan is not available to you.' });
  }

  const now = ctx.now();
  const requestKey = purchaseRequestKey(buyer.id, plan.id, input.idempotencyKey, now);
  const isTopup = plan.validity === 'topup';
  if (!isTopup && (await awaitsApproval(ctx.db, buyer))) return choosePlanBeforeApproval(ctx, buyer, plan);
  type Purchased = { kind: 'done'; invoiceId: string } | { kind: 'failed'; code: string; message: string };
  const outcome = await runCharge<Purchased>(
    ctx,
    buyer.id,
    {
      reserve: async (tx) => {
        const sub = await lockSubscriptionRow(tx, buyer.id);
        const replay = await earlierPurchase(tx, buyer.id, plan.id, requestKey, !input.idempotencyKey, now);
        if (replay?.invoiceId) return { done: { kind: 'done' as const, invoiceId: replay.invoiceId } };
        if (!replay && !isTopup && sub.status === 'active' && !sub.isExpired) {
          throw conflict('You already have an active subscription.');
        }
        return reserveCharge(tx, ctx.payments, {
          userId: buyer.id,
          amountCents: plan.priceCents,
          description: `${plan.name} (${periodLabel(plan.validity).toLowerCase()})`,
          requestKey,
          invoiceId: null,
          planId: plan.id,
          metadata: { planId: plan.id },
          now,
        });
      },
      record: async (tx, charge) => {
        if (charge.status === 'failed') return { kind: 'failed' as const, code: charge.code, message: charge.message };
        return {
          kind: 'done' as const,
          invoiceId: await completePurchase(tx, buyer.id, plan, charge.transaction, now),
        };
      },
    },
    (pending) => recoverCharge(ctx, pending),
  );

  if (outcome.kind === 'failed') throw paymentFailed(outcome.code, outcome.message);
  await sendReceiptOnce(ctx, outcome.invoiceId);
  return {
    subscription: await getMySubscription(ctx.db, buyer.id),
    invoice: await loadInvoiceDto(ctx.db, outcome.invoiceId),
    awaitingApproval: false,
  };
}

/**
 * Records the plan an applicant chose (decision 003): the card must be on file (the same 409s as a purchase, so the
 * client opens the card dialog), nothing is sent to the payment provider, and status stays `none`. Choosing again
 * replaces the choice; an active subscription cannot be replaced this way.
 */
async function choosePlanBeforeApproval(ctx: BillingContext, buyer: UserRow, plan: PlanRow): Promise<PurchaseResult> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await lockBillingUser(tx, buyer.id);
    const sub = await lockSubscriptionRow(tx, buyer.id);
    if (sub.status === 'active' && !sub.isExpired) throw conflict('You already have an active subscription.');
    const customer = await findCustomer(tx, buyer.id, ctx.payments.name);
    if (!customer) throw conflict(NO_CUSTOMER_MESSAGE, 'NO_CUSTOMER_ID');
    const card = await findDefaultPaymentMethod(tx, buyer.id);
    if (!card || card.provider !== ctx.payments.name) {
      throw conflict(NO_DEFAULT_CARD_MESSAGE, 'NO_DEFAULT_PAYMENT_METHOD');
    }
    await tx
      .update(subscriptions)
      .set({ pendingPlanId: plan.id, planChosenAt: now, updatedAt: now })
      .where(eq(subscriptions.id, sub.id));
  });
  return { subscription: await getMySubscription(ctx.db, buyer.id), invoice: null, awaitingApproval: true };
}

/** The idempotency key of the first charge of an approved application: one per choice of plan. */
export const approvalRequestKey = (userId: string, chosenAt: Date) => `approval:${userId}:${chosenAt.getTime()}`;

export type ApprovalCharge =
  { kind: 'none' } | { kind: 'charged'; invoiceId: string } | { kind: 'failed'; code: string; message: string };

/**
 * After an application is approved (and committed): charges the plan chosen before approval through reserve → charge
 * → record under `approval:<userId>:<chosenAt>`, so a retried approval, a crash between steps or a second worker
 * never charges twice. Success writes the paid invoice, starts the period on the approval day, clears the choice and
 * sends the receipt; a refused card (or a card removed since) leaves the choice in place and e-mails the customer.
 */
export async function chargeChosenPlanOnApproval(ctx: BillingContext, userId: string): Promise<ApprovalCharge> {
  const chosen = await findSubscription(ctx.db, userId);
  if (!chosen?.pendingPlanId || !chosen.planChosenAt) return { kind: 'none' };
  const plan = await findPlan(ctx.db, chosen.pendingPlanId);
  if (!plan) return { kind: 'none' };
  const requestKey = approvalRequestKey(userId, chosen.planChosenAt);
  const now = ctx.now();
  let outcome: ApprovalCharge;
  try {
    outcome = await runCharge<ApprovalCharge>(
      ctx,
      userId,
      {
        reserve: async (tx) => {
          const sub = await lockSubscriptionRow(tx, userId);
          const replay = await findSucceededCharge(tx, requestKey);
          if (replay?.invoiceId) return { done: { kind: 'charged' as const, invoiceId: replay.invoiceId } };
          if (!sub.pendingPlanId || sub.pendingPlanId !== plan.id) return { done: { kind: 'none' as const } };
          return reserveCharge(tx, ctx.payments, {
            userId,
            amountCents: plan.priceCents,
            description: `${plan.name} (${periodLabel(plan.validity).toLowerCase()})`,
            requestKey,
            invoiceId: null,
            planId: plan.id,
            metadata: { planId: plan.id, reason: 'application_approved' },
            now,
          });
        },
        record: async (tx, charge) => {
          if (charge.status === 'failed')
            return { kind: 'failed' as const, code: charge.code, message: charge.message };
          return {
            kind: 'charged' as const,
            invoiceId: await completePurchase(tx, userId, plan, charge.transaction, now),
          };
        },
      },
      (pending) => recoverCharge(ctx, pending),
    );
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code !== 'NO_CUSTOMER_ID' && code !== 'NO_DEFAULT_PAYMENT_METHOD') throw err;
    outcome = { kind: 'failed', code, message: (err as Error).message };
  }
  if (outcome.kind === 'charged') await sendReceiptOnce(ctx, outcome.invoiceId);
  if (outcome.kind === 'failed') await notifyApprovalChargeFailed(ctx, userId, plan, outcome.message);
  return outcome;
}

async function notifyApprovalChargeFailed(ctx: BillingContext, userId: string, plan: PlanRow, reason: string) {
  if (!ctx.mailer) return;
  const user = await findUserById(ctx.db, userId);
  if (!user) return;
  try {
    await ctx.mailer.send(
      approvalChargeFailedEmail(user.email, {
        name: user.fullName,
        planName: plan.name,
        amount: formatCents(plan.priceCents, { alwaysDecimals: true }),
        reason,
        buyUrl: `${ctx.publicUrl ?? ''}/buy-subscription`,
      }),
    );
  } catch (err) {
    ctx.log.warn({ err, userId }, 'approval charge failed e-mail not sent');
  }
}

/**
 * What a succeeded purchase charge buys: the paid invoice, linked to the charge, and the subscription period (or the
 * scans of a top-up). Once per charge: a charge already linked to its invoice answers that invoice.
 */
async function completePurchase(
  tx: Db,
  buyerId: string,
  plan: PlanRow,
  charge: TransactionRow,
  now: Date,
): Promise<string> {
  const [current] = await tx.select().from(transactions).where(eq(transactions.id, charge.id)).for('update');
  if (current?.invoiceId) return current.invoiceId;
  const isTopup = plan.validity === 'topup';
  const sub = await lockSubscriptionRow(tx, buyerId);
  const invoice = await insertInvoice(tx, {
    userId: buyerId,
    issuerUserId: plan.ownerUserId,
    category: isTopup ? 'topup' : 'subscription',
    subscriptionId: isTopup ? null : sub.id,
    planId: plan.id,
    lines: [invoiceLine(`${plan.name} — ${periodLabel(plan.validity)}`, plan.priceCents)],
    currency: 'usd',
    status: 'paid',
    periodStart: isTopup ? null : now,
    periodEnd: isTopup ? null : addPeriod(now, plan.validity as PeriodValidity),
    dueAt: now,
    paidAt: now,
  });
  await linkChargeToInvoice(tx, charge.id, invoice.id);

  if (isTopup) {
    await tx
      .insert(scanBalances)
      .values({ userId: buyerId, topupScans: plan.scanCount, updatedAt: now })
      .onConflictDoUpdate({
        target: scanBalances.userId,
        set: { topupScans: sql`${scanBalances.topupScans} + ${plan.scanCount}`, updatedAt: now },
      });
  } else {
    await applyTransition(
      tx,
      sub,
      { type: 'purchase', at: now, validity: plan.validity as PeriodValidity },
      { planId: plan.id, scansRemaining: plan.scanCount },
    );
    // A plan chosen before approval is bought now: the choice is spent (decision 003).
    if (sub.pendingPlanId) {
      await tx
        .update(subscriptions)
        .set({ pendingPlanId: null, planChosenAt: null })
        .where(eq(subscriptions.id, sub.id));
    }
  }
  return invoice.id;
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
  if (!sub || (sub.status !== 'expired' && sub.status !== 'cancelled') || !sub.planId) return false;
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

/**
 * POST subscriptions/resume: pays every open invoice of the subscription with the default card (each charged
 * at most once, reserve → charge → record per invoice) and reactivates it. A cancelled subscription without open
 * invoices is billed one new period. Already active: answers the subscription as it is.
 */
export async function resumeSubscription(ctx: BillingContext, user: UserRow): Promise<MySubscription> {
  const now = ctx.now();
  const open = await ctx.db.transaction(async (tx) => {
    await lockBillingUser(tx, user.id);
    const sub = await findSubscription(tx, user.id);
    if (!sub || sub.status === 'none' || !sub.planId) throw conflict('You have no subscription to resume.');
    if (sub.status === 'active' && !sub.isExpired) return [];
    const plan = await findPlan(tx, sub.planId);
    if (!plan) throw conflict('You have no subscription to resume.');
    const invoicesToPay = await openSubscriptionInvoices(tx, sub.id);
    if (invoicesToPay.length > 0) return invoicesToPay;
    return [
      await insertInvoice(tx, {
        userId: user.id,
        issuerUserId: plan.ownerUserId,
        category: 'subscription',
        subscriptionId: sub.id,
        planId: plan.id,
        lines: [invoiceLine(`${plan.name} — ${periodLabel(plan.validity)}`, plan.priceCents)],
        currency: 'usd',
        status: 'open',
        periodStart: now,
        periodEnd: addPeriod(now, plan.validity as PeriodValidity),
        dueAt: addDays(now, BILLING_RULES.paymentDueDays),
      }),
    ];
  });
  for (const invoice of open) {
    // Invoices paid so far stay paid; the rest stay open for the next attempt. The last one reactivates.
    const failure = await payOpenInvoice(ctx, user.id, invoice.id);
    if (failure) throw paymentFailed(failure.code, failure.message);
  }
  return getMySubscription(ctx.db, user.id);
}

function invoiceChargeInput(invoice: InvoiceRow, now: Date) {
  return {
    userId: invoice.userId,
    amountCents: invoice.totalCents,
    description: `Invoice ${invoice.number}`,
    requestKey: `invoice:${invoice.id}`,
    invoiceId: invoice.id,
    now,
  };
}

/** After a charge of an invoice is recorded: a succeeded one pays it, and the last open one reactivates. */
async function settleInvoiceCharge(
  tx: Db,
  invoiceId: string,
  outcome: ChargeOutcome,
  now: Date,
): Promise<{ code: string; message: string } | null> {
  if (outcome.status === 'failed') return { code: outcome.code, message: outcome.message };
  const [paid] = await tx
    .update(invoices)
    .set({ status: 'paid', paidAt: now, updatedAt: now })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'open')))
    .returning();
  if (paid?.subscriptionId) await reactivateIfSettled(tx, paid.subscriptionId, now);
  return null;
}

/**
 * Pays one open invoice of `userId` with the default card (reserve → charge → record); answers the decline, or null
 * when it is paid (also when it already was). 404 when it is not theirs, 409 when void.
 */
export async function payOpenInvoice(
  ctx: BillingContext,
  userId: string,
  invoiceId: string,
): Promise<{ code: string; message: string } | null> {
  const now = ctx.now();
  return runCharge(
    ctx,
    userId,
    {
      reserve: async (tx) => {
        const [invoice] = await tx
          .select()
          .from(invoices)
          .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)))
          .for('update')
          .limit(1);
        if (!invoice) throw notFound('Invoice not found');
        if (invoice.status === 'paid') return { done: null };
        if (invoice.status !== 'open') throw conflict('This invoice is void and cannot be paid.');
        return reserveCharge(tx, ctx.payments, invoiceChargeInput(invoice, now));
      },
      record: (tx, outcome) => settleInvoiceCharge(tx, invoiceId, outcome, now),
    },
    (pending) => recoverCharge(ctx, pending),
  );
}

export const INTERRUPTED_CHARGE = {
  code: 'interrupted',
  message: 'The payment was interrupted before it reached the card network. Nothing was charged.',
};

/**
 * Finishes a charge whose process stopped between reserving and recording it: asks the provider what became of
 * its idempotency key and records that (nothing known: never charged, recorded as failed), then applies what a
 * succeeded charge pays for (the invoice, or the purchased plan). Runs once per reservation: a reservation
 * already answered is left as it is.
 */
export async function recoverCharge(ctx: BillingContext, pending: TransactionRow): Promise<void> {
  const result = (await ctx.payments.retrieveCharge(pending.idempotencyKey)) ?? {
    status: 'failed' as const,
    chargeId: null,
    ...INTERRUPTED_CHARGE,
  };
  const now = ctx.now();
  const purchased = await ctx.db.transaction(async (tx) => {
    await lockBillingUser(tx, pending.userId);
    const [still] = await tx
      .select()
      .from(transactions)
      .where(and(eq(transactions.id, pending.id), eq(transactions.status, 'pending')))
      .for('update');
    if (!still) return null; // recorded meanwhile (its request finished, or another process recovered it)
    const outcome = await recordChargeResult(tx, still, result);
    ctx.log.warn({ transactionId: still.id, status: outcome.status }, 'interrupted charge recovered');
    if (outcome.status !== 'succeeded') return null;
    if (still.invoiceId) {
      await settleInvoiceCharge(tx, still.invoiceId, outcome, now);
      return null;
    }
    if (!still.planId) return null;
    const plan = await findPlan(tx, still.planId);
    return plan ? completePurchase(tx, still.userId, plan, outcome.transaction, now) : null;
  });
  // A recovered purchase gets its receipt like any other (once per invoice).
  if (purchased) await sendReceiptOnce(ctx, purchased);
}

/** Recovers every reservation left pending longer than PENDING_CHARGE_STALE_MS (the billing runner calls this). */
export async function recoverPendingCharges(ctx: BillingContext): Promise<number> {
  const before = new Date(ctx.now().getTime() - PENDING_CHARGE_STALE_MS);
  const stale = await ctx.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.status, 'pending'), eq(transactions.kind, 'charge'), lt(transactions.createdAt, before)))
    .orderBy(asc(transactions.createdAt))
    .limit(100);
  for (const pending of stale) await recoverCharge(ctx, pending);
  return stale.length;
}

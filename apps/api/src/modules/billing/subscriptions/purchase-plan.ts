import type { PurchaseQuote, PurchaseResult } from '@postwise/shared/billing';
import { formatCents } from '@postwise/shared/plans';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { approvalChargeFailedEmail } from '../../../integrations/mailer/templates';
import { conflict, forbidden, notFound, validationFailed } from '../../../lib/errors';
import { profiles, actorFromUser, manages, findUserById, type UserRow } from '../../identity';
import type { BillingContext } from '../context';
import { insertInvoice, invoiceLine, loadInvoiceDto } from '../invoices/invoice-records';
import {
  charge,
  findLatestSucceededIntent,
  linkChargeToInvoice,
  NO_CUSTOMER_MESSAGE,
  NO_DEFAULT_CARD_MESSAGE,
} from '../ledger/charge';
import { findCustomer, findDefaultPaymentMethod, lockBillingUser, paymentFailed } from '../ledger/payers';
import type { Purpose } from '../ledger/purposes';
import { findPlan, isPlanAvailableTo } from '../plans/service';
import { billingTimeZone } from '../time-zones';
import type { PlanRow } from '../schema/plans';
import { scanBalances } from '../schema/scan-balances';
import { subscriptions } from '../schema/subscriptions';
import type { TransactionRow } from '../schema/transactions';
import { sendReceiptOnce } from './receipt';
import { applyTransition, findSubscription, getMySubscription, lockSubscriptionRow, periodLabel } from './service';
import { addPeriod, type PeriodValidity } from './state-machine';

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

/**
 * How long a purchase of the same plan without an Idempotency-Key is taken for a retry of the previous one
 *: answered from that record, never charged again, whatever minute it falls in. A client that
 * means to buy the same scan package twice within it sends a key per purchase (the web app always does).
 */
export const KEYLESS_RETRY_WINDOW_MS = 10 * 60_000;

export const keylessPrefix = (userId: string, planId: string) => `purchase:${userId}:${planId}:auto:`;

/** A client's Idempotency-Key, or, without one, the user, plan and time of this attempt (see KEYLESS_RETRY_WINDOW_MS). */
export function purchaseRequestKey(userId: string, planId: string, clientKey: string | undefined, now: Date): string {
  return clientKey
    ? `purchase:${userId}:${planId}:key:${clientKey}`
    : `${keylessPrefix(userId, planId)}${now.getTime()}`;
}

interface PlanPurchaseInput {
  planId: string;
  /** The charge of a plan chosen before approval (decision 003): only while that choice stands. */
  approval: boolean;
}

/**
 * Buying a plan or a scan package (top-up), and the first charge of an approved application. Opening checks the
 * subscription (no second active one; an approval charges only the plan still chosen); the record writes the paid
 * invoice and starts the period (or adds the scans).
 */
export const planPurchasePurpose: Purpose<PlanPurchaseInput> = {
  name: 'plan',
  async open(tx, _ctx, input, intent) {
    const plan = await findPlan(tx, input.planId);
    if (!plan)
      throw validationFailed('This plan is not available to you.', { plan: 'This plan is not available to you.' });
    const sub = await lockSubscriptionRow(tx, intent.userId);
    if (input.approval) {
      if (sub.pendingPlanId !== plan.id) throw conflict('The plan chosen before approval has changed.');
    } else if (plan.validity !== 'topup' && sub.status === 'active' && !sub.isExpired) {
      throw conflict('You already have an active subscription.');
    }
    return {
      amountCents: plan.priceCents,
      cardCents: plan.priceCents,
      description: `${plan.name} (${periodLabel(plan.validity).toLowerCase()})`,
      payload: { planId: plan.id, approval: input.approval },
      metadata: { planId: plan.id, ...(input.approval ? { reason: 'application_approved' } : {}) },
    };
  },
  async fulfil(tx, ctx, intent, { transaction }) {
    const plan = await findPlan(tx, intent.payload.planId as string);
    if (!plan) throw conflict('This plan no longer exists; the payment was refunded.');
    return { invoiceId: await completePurchase(tx, intent.userId, plan, transaction, ctx.now()) };
  },
  async afterSettled(ctx, intent) {
    // A purchase e-mails its receipt with the invoice PDF (once per invoice).
    if (intent.status === 'succeeded' && typeof intent.result?.invoiceId === 'string') {
      await sendReceiptOnce(ctx, intent.result.invoiceId);
    }
  },
};

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
  const { buyer, plan } = await buyerAndPlan(ctx, actor, input);
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
    renewsAt: isTopup
      ? null
      : addPeriod(
          now,
          plan.validity as PeriodValidity,
          undefined,
          await billingTimeZone(ctx.db, buyer.id),
        ).toISOString(),
  };
}

/**
 * The buyer and plan of a quote or purchase, with the access rules both share: the caller or a customer they
 * manage (404 for an unknown user, 403 for one they do not manage), and a plan available to that buyer (422).
 */
async function buyerAndPlan(
  ctx: BillingContext,
  actor: UserRow,
  input: { planId: string; userId: string },
): Promise<{ buyer: UserRow; plan: PlanRow }> {
  const buyer = input.userId === actor.id ? actor : await findUserById(ctx.db, input.userId);
  if (!buyer) throw notFound('User not found');
  if (buyer.id !== actor.id && !(await manages(ctx.db, actorFromUser(actor), buyer.id))) throw forbidden();
  const plan = await findPlan(ctx.db, input.planId);
  if (!plan || !(await isPlanAvailableTo(ctx.db, plan, buyer))) {
    throw validationFailed('This plan is not available to you.', { plan: 'This plan is not available to you.' });
  }
  return { buyer, plan };
}

/**
 * POST subscriptions: buys `planId` for `userId` (the caller, or a customer the caller manages) through the ledger's
 * one charge path: no lock is held while the provider answers; the paid invoice and the subscription (or scan
 * balance) change are written with the recorded charge. A refused card answers 402 with the provider's message; no
 * card answers NO_CUSTOMER_ID / NO_DEFAULT_PAYMENT_METHOD so the client opens the card dialog and retries. A retried
 * request (same Idempotency-Key, or the same plan again without a key within KEYLESS_RETRY_WINDOW_MS) answers the
 * first purchase without charging again; the same key for another plan or user answers 422.
 */
export async function purchasePlan(
  ctx: BillingContext,
  actor: UserRow,
  input: { planId: string; userId: string; idempotencyKey?: string | undefined },
): Promise<PurchaseResult> {
  const { buyer, plan } = await buyerAndPlan(ctx, actor, input);

  const now = ctx.now();
  const isTopup = plan.validity === 'topup';
  if (!isTopup && (await awaitsApproval(ctx.db, buyer))) return choosePlanBeforeApproval(ctx, buyer, plan);
  if (!input.idempotencyKey) {
    const prefix = keylessPrefix(buyer.id, plan.id);
    const latest = await findLatestSucceededIntent(ctx.db, buyer.id, prefix);
    const at = latest ? Number(latest.requestKey.slice(prefix.length)) : NaN;
    if (latest && now.getTime() - at < KEYLESS_RETRY_WINDOW_MS && typeof latest.result?.invoiceId === 'string') {
      return purchaseResult(ctx, buyer.id, latest.result.invoiceId);
    }
  }
  const outcome = await charge(ctx, actorFromUser(actor), {
    purpose: planPurchasePurpose,
    userId: buyer.id,
    // A client key names one purchase whatever it buys: the body tells a retry from another purchase under it.
    requestKey: input.idempotencyKey
      ? `purchase:${buyer.id}:key:${input.idempotencyKey}`
      : purchaseRequestKey(buyer.id, plan.id, undefined, now),
    body: { plan: plan.id, user: buyer.id },
    input: { planId: plan.id, approval: false },
  });
  if (outcome.status === 'failed') throw paymentFailed(outcome.code, outcome.message);
  return purchaseResult(ctx, buyer.id, outcome.result.invoiceId as string);
}

async function purchaseResult(ctx: BillingContext, buyerId: string, invoiceId: string): Promise<PurchaseResult> {
  return {
    subscription: await getMySubscription(ctx.db, buyerId),
    invoice: await loadInvoiceDto(ctx.db, invoiceId),
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
 * After an application is approved (and committed): charges the plan chosen before approval through the ledger under
 * `approval:<userId>:<chosenAt>`, so a retried approval, a crash between steps or a second worker never charges
 * twice. Success writes the paid invoice, starts the period on the approval day, clears the choice and sends the
 * receipt; a refused card (or a card removed since) leaves the choice in place and e-mails the customer.
 */
export async function chargeChosenPlanOnApproval(ctx: BillingContext, userId: string): Promise<ApprovalCharge> {
  const chosen = await findSubscription(ctx.db, userId);
  if (!chosen?.pendingPlanId || !chosen.planChosenAt) return { kind: 'none' };
  const plan = await findPlan(ctx.db, chosen.pendingPlanId);
  if (!plan) return { kind: 'none' };
  let outcome: ApprovalCharge;
  try {
    const charged = await charge(ctx, null, {
      purpose: planPurchasePurpose,
      userId,
      requestKey: approvalRequestKey(userId, chosen.planChosenAt),
      body: { plan: plan.id, approval: true },
      input: { planId: plan.id, approval: true },
    });
    outcome =
      charged.status === 'failed'
        ? { kind: 'failed', code: charged.code, message: charged.message }
        : { kind: 'charged', invoiceId: charged.result.invoiceId as string };
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code !== 'NO_CUSTOMER_ID' && code !== 'NO_DEFAULT_PAYMENT_METHOD') throw err;
    outcome = { kind: 'failed', code, message: (err as Error).message };
  }
  if (outcome.kind === 'failed') await notifyApprovalChargeFailed(ctx, userId, plan, outcome.message);
  return outcome;
}

async function notifyApprovalChargeFailed(ctx: BillingContext, userId: string, plan: PlanRow, reason: string) {
  if (!ctx.emails) return;
  const user = await findUserById(ctx.db, userId);
  if (!user) return;
  try {
    await ctx.emails.send(
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
  charge: TransactionRow | null,
  now: Date,
): Promise<string> {
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
    periodEnd: isTopup
      ? null
      : addPeriod(now, plan.validity as PeriodValidity, undefined, await billingTimeZone(tx, buyerId)),
    dueAt: now,
    paidAt: now,
  });
  if (charge) await linkChargeToInvoice(tx, charge.id, invoice.id);

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

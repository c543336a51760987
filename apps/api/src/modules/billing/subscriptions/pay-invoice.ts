import { BILLING_RULES, type MySubscription } from '@postwise/shared/billing';
import { formatCents } from '@postwise/shared/plans';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { paymentFailedEmail } from '../../../integrations/mailer/templates';
import { conflict, notFound } from '../../../lib/errors';
import { findUserById, type UserRow } from '../../identity';
import { notify } from '../../platform';
import type { BillingContext } from '../context';
import { insertInvoice, invoiceLine, invoiceRequestKey } from '../invoices/invoice-records';
import { emitInvoicePaid } from '../invoices/webhook-events';
import { type ChargeOutcome, charge, linkChargeToInvoice } from '../ledger/charge';
import { lockBillingUser, paymentFailed } from '../ledger/payers';
import type { LedgerContext, Purpose } from '../ledger/purposes';
import { invoices } from '../schema/invoices';
import { subscriptions } from '../schema/subscriptions';
import { findPlan } from '../plans/service';
import { billingTimeZone } from '../time-zones';
import {
  applyTransition,
  findSubscription,
  getMySubscription,
  openSubscriptionInvoices,
  periodLabel,
  reactivateIfSettled,
} from './service';
import { addDays, addPeriod, type PeriodValidity } from './state-machine';

export const INVOICE_BEING_PAID = 'This invoice is already being paid. Try again in a moment.';
export const INVOICE_VOID = 'This invoice is void and cannot be paid.';

/** A renewal's charge: on success the next period starts, on failure the subscription is past due. */
export interface RenewalPayload {
  subscriptionId: string;
  planId: string;
  validity: PeriodValidity;
  scanCount: number;
}

interface InvoicePaymentInput {
  invoiceId: string;
  renewal?: RenewalPayload;
}

interface InvoicePayload {
  invoiceId: string;
  totalCents: number;
  renewal: RenewalPayload | null;
  [key: string]: unknown;
}

/**
 * Paying an open invoice (the Pay button, Resume, the mail usage invoice, a renewal). Opening the intent freezes the
 * invoice (`paying_intent_id`): the card is charged its total as it stands then, and anything billed meanwhile goes
 * onto the next open invoice (pay-later labels skip a frozen invoice). On success the invoice is paid for exactly
 * that total; on failure it is unfrozen and stays open.
 */
export const invoicePaymentPurpose: Purpose<InvoicePaymentInput> = {
  name: 'invoice',
  async open(tx, _ctx, input, intent) {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, input.invoiceId)).for('update');
    if (!invoice || invoice.userId !== intent.userId) throw notFound('Invoice not found');
    if (invoice.status === 'paid') return { done: { invoiceId: invoice.id } };
    if (invoice.status !== 'open') throw conflict(INVOICE_VOID);
    if (invoice.payingIntentId && invoice.payingIntentId !== intent.id) throw conflict(INVOICE_BEING_PAID);
    await tx.update(invoices).set({ payingIntentId: intent.id }).where(eq(invoices.id, invoice.id));
    const payload: InvoicePayload = {
      invoiceId: invoice.id,
      totalCents: invoice.totalCents,
      renewal: input.renewal ?? null,
    };
    return {
      amountCents: invoice.totalCents,
      cardCents: invoice.totalCents,
      description: `Invoice ${invoice.number}`,
      payload,
      metadata: { invoiceId: invoice.id },
    };
  },
  async fulfil(tx, ctx, intent, { transaction }) {
    const payload = intent.payload as InvoicePayload;
    const now = ctx.now();
    const [paid] = await tx
      .update(invoices)
      .set({ status: 'paid', paidAt: now, payingIntentId: null, updatedAt: now })
      .where(
        and(
          eq(invoices.id, payload.invoiceId),
          eq(invoices.status, 'open'),
          eq(invoices.payingIntentId, intent.id),
          // Frozen: what was charged is the total. Anything else is refused (and the charge refunded).
          eq(invoices.totalCents, intent.amountCents),
        ),
      )
      .returning();
    if (!paid) throw conflict('This invoice changed while it was being paid; the payment was refunded.');
    await emitInvoicePaid(tx, paid);
    if (transaction) await linkChargeToInvoice(tx, transaction.id, paid.id);
    if (payload.renewal) await renewalSettled(tx, payload.renewal, true, now);
    else if (paid.subscriptionId) await reactivateIfSettled(tx, paid.subscriptionId, now);
    return { invoiceId: paid.id };
  },
  async abandon(tx, ctx, intent) {
    const payload = intent.payload as InvoicePayload;
    await tx
      .update(invoices)
      .set({ payingIntentId: null })
      .where(and(eq(invoices.id, payload.invoiceId), eq(invoices.payingIntentId, intent.id)));
    if (payload.renewal) await renewalSettled(tx, payload.renewal, false, ctx.now());
  },
  async afterSettled(ctx, intent) {
    const payload = intent.payload as InvoicePayload;
    if (intent.status === 'failed' && payload.renewal) {
      await notifyRenewalFailed(
        ctx,
        intent.userId,
        payload.renewal.planId,
        intent.failureMessage ?? 'Your card was declined.',
      );
    }
  },
};

/** The renewal's outcome on the subscription (if it still is the period the renewal was for). */
async function renewalSettled(tx: Db, renewal: RenewalPayload, succeeded: boolean, now: Date) {
  const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, renewal.subscriptionId)).for('update');
  if (!sub || sub.status !== 'active') return;
  // Already past due (a late answer of an earlier attempt): paid settles it like any open invoice, failed changes nothing.
  if (sub.enteredPastDueAt) {
    if (succeeded) await reactivateIfSettled(tx, sub.id, now);
    return;
  }
  if (succeeded) {
    await applyTransition(
      tx,
      sub,
      { type: 'renewal_succeeded', at: now, validity: renewal.validity },
      { scansRemaining: renewal.scanCount },
    );
  } else {
    await applyTransition(tx, sub, { type: 'renewal_failed', at: now });
  }
}

/**
 * Tells the customer their renewal was not paid and where to pay it: the payment-failed e-mail always, and the
 * "Invoice due" notification in the app and by push as their preferences say.
 */
export async function notifyRenewalFailed(ctx: LedgerContext, userId: string, planId: string, reason: string) {
  if (!ctx.emails) return;
  const user = await findUserById(ctx.db, userId);
  const plan = await findPlan(ctx.db, planId);
  if (!user || !plan) return;
  const page = user.roleCode === 'SUB_ADMIN' ? '/my-invoices' : '/invoices-billing';
  try {
    await ctx.emails.send(
      paymentFailedEmail(user.email, {
        name: user.fullName,
        planName: plan.name,
        amount: formatCents(plan.priceCents, { alwaysDecimals: true }),
        reason,
        invoicesUrl: `${ctx.publicUrl ?? ''}${page}?p_s=pending`,
      }),
    );
  } catch (err) {
    ctx.log.warn({ err, userId: user.id }, 'payment failed e-mail not sent');
  }
  try {
    await notify(
      { db: ctx.db, emails: ctx.emails, publicUrl: ctx.publicUrl ?? '', log: ctx.log },
      {
        userId: user.id,
        kind: 'invoice_due',
        title: 'Invoice due',
        body: `Your ${plan.name} renewal of ${formatCents(plan.priceCents, { alwaysDecimals: true })} was not paid: ${reason}`,
        link: `${page}?p_s=pending`,
        email: false,
      },
      ctx.now(),
    );
  } catch (err) {
    ctx.log.warn({ err, userId: user.id }, 'invoice due notification not sent');
  }
}

/** Pays one open invoice of `userId` with the default card through the ledger. */
export function chargeInvoice(ctx: BillingContext, userId: string, invoiceId: string): Promise<ChargeOutcome> {
  return charge(
    ctx,
    { userId },
    {
      purpose: invoicePaymentPurpose,
      userId,
      requestKey: invoiceRequestKey(invoiceId),
      body: { invoiceId },
      input: { invoiceId },
    },
  );
}

/** Pays one open invoice; answers the decline, or null when it is paid (also when it already was). */
export async function payOpenInvoice(
  ctx: BillingContext,
  userId: string,
  invoiceId: string,
): Promise<{ code: string; message: string } | null> {
  const outcome = await chargeInvoice(ctx, userId, invoiceId);
  return outcome.status === 'failed' ? { code: outcome.code, message: outcome.message } : null;
}

/**
 * POST subscriptions/resume: pays every open invoice of the subscription with the default card (each its own
 * purchase, charged at most once) and reactivates it. A cancelled subscription without open invoices is billed one
 * new period. Already active: answers the subscription as it is.
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
        periodEnd: addPeriod(now, plan.validity as PeriodValidity, undefined, await billingTimeZone(tx, user.id)),
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

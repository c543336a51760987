import { and, asc, desc, eq, like } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type InvoiceRow, invoices } from '../schema/invoices';
import { type TransactionRow, transactions } from '../schema/transactions';
import type { ChargeRequest, ChargeResult, PaymentProvider } from '../../../integrations/payments/payment-provider';
import { conflict } from '../../../lib/errors';
import { findCustomer, findDefaultPaymentMethod, lockBillingUser } from '../payment-methods/service';
import { emitInvoicePaid } from '../invoices/webhook-events';

export const NO_CUSTOMER_MESSAGE = 'No customer id found. Please add a card to continue.';
export const NO_DEFAULT_CARD_MESSAGE = 'No default payment method found. Please add a card to continue.';

export type ChargeOutcome =
  | { status: 'succeeded'; transaction: TransactionRow; replayed: boolean }
  | { status: 'failed'; transaction: TransactionRow; code: string; message: string };

export interface ChargeInput {
  userId: string;
  amountCents: number;
  description: string;
  /**
   * The purchase this charge belongs to. A request key that already succeeded is answered from the record
   * (never charged again); otherwise this attempt's provider key is the request key plus the attempt number.
   */
  requestKey: string;
  invoiceId: string | null;
  metadata?: Record<string, string>;
}

/**
 * Charges the user's default card, inside the caller's transaction (which holds the user's billing lock).
 * Throws NO_CUSTOMER_ID / NO_DEFAULT_PAYMENT_METHOD (409) when there is nothing to charge, so the client opens
 * the card dialog (spec 4); a refused card is a `failed` outcome recorded as a failed transaction.
 */
export async function chargeDefaultCard(tx: Db, payments: PaymentProvider, input: ChargeInput): Promise<ChargeOutcome> {
  const earlier = await tx.select().from(transactions).where(eq(transactions.requestKey, input.requestKey));
  const succeeded = earlier.find((t) => t.status === 'succeeded');
  if (succeeded) return { status: 'succeeded', transaction: succeeded, replayed: true };
  if (input.amountCents === 0) return recordFreeCharge(tx, payments, input);

  const customer = await findCustomer(tx, input.userId, payments.name);
  if (!customer) throw conflict(NO_CUSTOMER_MESSAGE, 'NO_CUSTOMER_ID');
  const card = await findDefaultPaymentMethod(tx, input.userId);
  if (!card || card.provider !== payments.name) throw conflict(NO_DEFAULT_CARD_MESSAGE, 'NO_DEFAULT_PAYMENT_METHOD');

  const idempotencyKey = `${input.requestKey}#${earlier.length + 1}`;
  const result = await payments.charge({
    customerId: customer.providerCustomerId,
    paymentMethodId: card.providerPaymentMethodId,
    amountCents: input.amountCents,
    currency: 'usd',
    idempotencyKey,
    description: input.description,
    metadata: { userId: input.userId, ...(input.invoiceId ? { invoiceId: input.invoiceId } : {}), ...input.metadata },
  });
  const [transaction] = await tx
    .insert(transactions)
    .values({
      invoiceId: input.invoiceId,
      userId: input.userId,
      paymentMethodId: card.id,
      amountCents: input.amountCents,
      currency: 'usd',
      kind: 'charge',
      status: result.status,
      description: input.description,
      provider: payments.name,
      providerChargeId: result.chargeId,
      requestKey: input.requestKey,
      idempotencyKey,
      failureCode: result.status === 'failed' ? result.code : null,
      failureMessage: result.status === 'failed' ? result.message : null,
    })
    .returning();
  if (result.status === 'failed') {
    return { status: 'failed', transaction: transaction!, code: result.code, message: result.message };
  }
  return { status: 'succeeded', transaction: transaction!, replayed: false };
}

/** The succeeded charge of a purchase already made with this request key, if any (a retry or double click). */
export async function findSucceededCharge(tx: Db, requestKey: string): Promise<TransactionRow | undefined> {
  const [row] = await tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.requestKey, requestKey), eq(transactions.status, 'succeeded')))
    .limit(1);
  return row;
}

/**
 * The newest succeeded charge of a user whose request key starts with `prefix` (a keyless purchase of one plan),
 * found through the (user_id, created_at) index.
 */
export async function findLatestSucceededCharge(
  tx: Db,
  userId: string,
  prefix: string,
): Promise<TransactionRow | undefined> {
  const [row] = await tx
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.status, 'succeeded'),
        like(transactions.requestKey, `${prefix}%`),
      ),
    )
    .orderBy(desc(transactions.createdAt))
    .limit(1);
  return row;
}

/** Links a charge made before its invoice existed (a purchase) to that invoice. */
export async function linkChargeToInvoice(tx: Db, transactionId: string, invoiceId: string): Promise<void> {
  await tx.update(transactions).set({ invoiceId }).where(eq(transactions.id, transactionId));
}

/** Nothing to charge (a free plan, a zero fee): recorded as a succeeded charge of 0 without a card. */
async function recordFreeCharge(tx: Db, payments: PaymentProvider, input: ChargeInput): Promise<ChargeOutcome> {
  const [transaction] = await tx
    .insert(transactions)
    .values({
      invoiceId: input.invoiceId,
      userId: input.userId,
      amountCents: 0,
      currency: 'usd',
      kind: 'charge',
      status: 'succeeded',
      description: input.description,
      provider: payments.name,
      requestKey: input.requestKey,
      idempotencyKey: `${input.requestKey}#free`,
    })
    .returning();
  return { status: 'succeeded', transaction: transaction!, replayed: false };
}

/** Pays one open invoice with the default card; on success the invoice is paid (same transaction). */
export async function payInvoice(
  tx: Db,
  payments: PaymentProvider,
  invoice: InvoiceRow,
  now: Date,
): Promise<ChargeOutcome> {
  const outcome = await chargeDefaultCard(tx, payments, {
    userId: invoice.userId,
    amountCents: invoice.totalCents,
    description: `Invoice ${invoice.number}`,
    requestKey: `invoice:${invoice.id}`,
    invoiceId: invoice.id,
  });
  if (outcome.status === 'succeeded') {
    const [paid] = await tx
      .update(invoices)
      .set({ status: 'paid', paidAt: now, updatedAt: now })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.status, 'open')))
      .returning();
    await emitInvoicePaid(tx, paid);
  }
  return outcome;
}

/*
 * Charging without holding a lock across the network (issue 10): reserve → charge → record.
 * 1. reserve, in a short transaction under the user's billing lock: answer a replay from the record, or insert a
 *    `pending` transaction carrying this attempt's idempotency key, and commit;
 * 2. call the provider with no transaction open and no row locked;
 * 3. record the result in another short transaction, together with what the charge pays for.
 * A user with a charge in flight is served one charge at a time (a second request waits for the first to be
 * recorded, then sees it), which is what the billing lock used to give, without making anyone else wait.
 * A reservation left pending (the process died during the call) is recovered from the provider's record.
 */

/** A pending reservation older than this is treated as interrupted and recovered from the provider. */
export const PENDING_CHARGE_STALE_MS = 10 * 60_000;
/** How long a request waits for the same user's charge in flight before answering 409. */
const IN_FLIGHT_WAIT_MS = 30_000;
const IN_FLIGHT_POLL_MS = 50;

export const CHARGE_IN_PROGRESS_MESSAGE = 'A payment for this account is already in progress. Try again in a moment.';

export type Reservation =
  /** Nothing to send: an earlier attempt succeeded, or the amount is 0. */
  | { kind: 'settled'; outcome: ChargeOutcome }
  | { kind: 'reserved'; transaction: TransactionRow; request: ChargeRequest };

/** Phase 1 (inside the caller's short transaction, under the billing lock): replay, or a pending reservation. */
export async function reserveCharge(
  tx: Db,
  payments: PaymentProvider,
  input: ChargeInput & { planId?: string | null; now: Date },
): Promise<Reservation> {
  const earlier = await tx.select().from(transactions).where(eq(transactions.requestKey, input.requestKey));
  const succeeded = earlier.find((t) => t.status === 'succeeded');
  if (succeeded) return { kind: 'settled', outcome: { status: 'succeeded', transaction: succeeded, replayed: true } };
  if (input.amountCents === 0) return { kind: 'settled', outcome: await recordFreeCharge(tx, payments, input) };

  const customer = await findCustomer(tx, input.userId, payments.name);
  if (!customer) throw conflict(NO_CUSTOMER_MESSAGE, 'NO_CUSTOMER_ID');
  const card = await findDefaultPaymentMethod(tx, input.userId);
  if (!card || card.provider !== payments.name) throw conflict(NO_DEFAULT_CARD_MESSAGE, 'NO_DEFAULT_PAYMENT_METHOD');

  const idempotencyKey = `${input.requestKey}#${earlier.length + 1}`;
  const [transaction] = await tx
    .insert(transactions)
    .values({
      invoiceId: input.invoiceId,
      userId: input.userId,
      paymentMethodId: card.id,
      planId: input.planId ?? null,
      amountCents: input.amountCents,
      currency: 'usd',
      kind: 'charge',
      status: 'pending',
      description: input.description,
      provider: payments.name,
      requestKey: input.requestKey,
      idempotencyKey,
      // The billing clock, so "older than PENDING_CHARGE_STALE_MS" compares like with like (tests move the clock).
      createdAt: input.now,
    })
    .returning();
  return {
    kind: 'reserved',
    transaction: transaction!,
    request: {
      customerId: customer.providerCustomerId,
      paymentMethodId: card.providerPaymentMethodId,
      amountCents: input.amountCents,
      currency: 'usd',
      idempotencyKey,
      description: input.description,
      metadata: {
        userId: input.userId,
        ...(input.invoiceId ? { invoiceId: input.invoiceId } : {}),
        ...input.metadata,
      },
    },
  };
}

/** Phase 3: writes the provider's answer on the reservation (once: a reservation already answered is left alone). */
export async function recordChargeResult(
  tx: Db,
  reservation: TransactionRow,
  result: ChargeResult,
): Promise<ChargeOutcome> {
  const [row] = await tx
    .update(transactions)
    .set({
      status: result.status,
      providerChargeId: result.chargeId,
      failureCode: result.status === 'failed' ? result.code : null,
      failureMessage: result.status === 'failed' ? result.message : null,
    })
    .where(and(eq(transactions.id, reservation.id), eq(transactions.status, 'pending')))
    .returning();
  const transaction = row ?? (await tx.select().from(transactions).where(eq(transactions.id, reservation.id)))[0]!;
  if (transaction.status === 'failed') {
    return {
      status: 'failed',
      transaction,
      code: transaction.failureCode ?? 'card_declined',
      message: transaction.failureMessage ?? 'Your card was declined.',
    };
  }
  return { status: 'succeeded', transaction, replayed: !row };
}

/** The user's oldest charge in flight, if any. */
async function pendingChargeOf(db: Db, userId: string): Promise<TransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(transactions)
    // Charges only: a refund in flight never blocks a charge, and is recovered by billing/refund.ts.
    .where(and(eq(transactions.userId, userId), eq(transactions.status, 'pending'), eq(transactions.kind, 'charge')))
    .orderBy(asc(transactions.createdAt))
    .limit(1);
  return row;
}

export interface ChargeSteps<T> {
  /** In a short transaction under the billing lock: finish without charging (`done`), or reserve a charge. */
  reserve: (tx: Db) => Promise<{ done: T } | Reservation>;
  /** In a short transaction under the billing lock, after the provider answered: apply what the charge paid for. */
  record: (tx: Db, outcome: ChargeOutcome) => Promise<T>;
}

/**
 * Runs reserve → charge → record for one user. No database transaction is open and no row is locked while the
 * provider is called; another request of the same user waits (polling, holding nothing) until the charge in flight
 * is recorded, and a reservation older than PENDING_CHARGE_STALE_MS is recovered first.
 * `recover` finishes an interrupted charge (see recover-charges.ts); it is passed in to keep modules acyclic.
 */
export async function runCharge<T>(
  ctx: { db: Db; payments: PaymentProvider; now: () => Date },
  userId: string,
  steps: ChargeSteps<T>,
  recover: (pending: TransactionRow) => Promise<void>,
): Promise<T> {
  const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
  for (;;) {
    const step = await ctx.db.transaction(async (tx) => {
      await lockBillingUser(tx, userId);
      const pending = await pendingChargeOf(tx, userId);
      if (pending) return { kind: 'busy' as const, pending };
      return { kind: 'ready' as const, ready: await steps.reserve(tx) };
    });
    if (step.kind === 'busy') {
      if (ctx.now().getTime() - step.pending.createdAt.getTime() >= PENDING_CHARGE_STALE_MS) {
        await recover(step.pending);
        continue;
      }
      if (Date.now() > deadline) throw conflict(CHARGE_IN_PROGRESS_MESSAGE);
      await new Promise((resolve) => setTimeout(resolve, IN_FLIGHT_POLL_MS));
      continue;
    }
    const ready = step.ready;
    if ('done' in ready) return ready.done;
    if (ready.kind === 'settled') {
      const settled = ready.outcome;
      return ctx.db.transaction(async (tx) => {
        await lockBillingUser(tx, userId);
        return steps.record(tx, settled);
      });
    }
    // A provider error (network, 5xx) leaves the reservation pending: its outcome is unknown until recovery asks.
    const result = await ctx.payments.charge(ready.request);
    return ctx.db.transaction(async (tx) => {
      await lockBillingUser(tx, userId);
      return steps.record(tx, await recordChargeResult(tx, ready.transaction, result));
    });
  }
}

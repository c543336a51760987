import { and, asc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type TransactionRow, transactions } from '../schema/transactions';
import type { PaymentProvider, RefundResult } from '../../../integrations/payments/payment-provider';
import { lockBillingUser } from './payers';

/** A refund left pending longer than this (its process died) is sent again with the same key by recovery. */
export const REFUND_STALE_MS = 60_000;

/** A refund's request key names the charge it refunds (so recovery can find it) and why, e.g. `shipment-void:<id>`. */
export const refundRequestKey = (chargeTransactionId: string, reason: string) =>
  `refund:${chargeTransactionId}:${reason}`;

export interface RefundContext {
  db: Db;
  payments: PaymentProvider;
  now: () => Date;
}

const NO_CARD_PAYMENT = 'There is no card payment to refund.';

export type RefundOutcome =
  | { status: 'succeeded' | 'pending'; transaction: TransactionRow }
  | { status: 'failed'; transaction: TransactionRow | null; message: string };

/**
 * Refunds `amountCents` of a succeeded card charge, the same way charges move (ledger/charge.ts): reserve → refund →
 * record. The reservation (a `refund` transaction, pending, under `requestKey`) is written in a short transaction under
 * the billing lock; the provider is called with no lock held, with the reservation's idempotency key, so a retry after
 * a lost answer never refunds twice; the answer is recorded on the reservation. A request key already refunded answers
 * that refund. A reservation left pending (the process died) is finished by `recoverPendingRefunds`.
 */
export async function refundCharge(
  ctx: RefundContext,
  input: { charge: TransactionRow; amountCents: number; reason: string; description: string },
): Promise<RefundOutcome> {
  const { charge } = input;
  const requestKey = refundRequestKey(charge.id, input.reason);
  if (charge.kind !== 'charge' || charge.status !== 'succeeded' || !charge.providerChargeId) {
    return { status: 'failed', transaction: null, message: NO_CARD_PAYMENT };
  }
  const reserved = await ctx.db.transaction(async (tx) => {
    await lockBillingUser(tx, charge.userId);
    const [earlier] = await tx
      .select()
      .from(transactions)
      .where(and(eq(transactions.requestKey, requestKey), eq(transactions.kind, 'refund')))
      .orderBy(asc(transactions.createdAt));
    if (earlier) return earlier.status === 'pending' ? { reservation: earlier } : { done: earlier };
    const [row] = await tx
      .insert(transactions)
      .values({
        invoiceId: charge.invoiceId,
        userId: charge.userId,
        paymentMethodId: charge.paymentMethodId,
        amountCents: input.amountCents,
        currency: charge.currency,
        kind: 'refund',
        status: 'pending',
        description: input.description,
        provider: charge.provider,
        requestKey,
        idempotencyKey: `${requestKey}#1`,
        createdAt: ctx.now(),
      })
      .returning();
    return { reservation: row! };
  });
  if ('done' in reserved && reserved.done) return outcomeOf(reserved.done);
  if (!('reservation' in reserved) || !reserved.reservation) throw new Error('refund reservation missing');
  const result = await ctx.payments.refund(
    charge.providerChargeId,
    reserved.reservation.amountCents,
    reserved.reservation.idempotencyKey,
  );
  return outcomeOf(await recordRefund(ctx.db, reserved.reservation, result));
}

function outcomeOf(row: TransactionRow): RefundOutcome {
  if (row.status === 'failed') {
    return { status: 'failed', transaction: row, message: row.failureMessage ?? 'The refund was refused.' };
  }
  return { status: row.status === 'succeeded' ? 'succeeded' : 'pending', transaction: row };
}

/** Writes the provider's answer on a pending refund (once). `pending` at the provider reads as succeeded for us. */
async function recordRefund(db: Db, reservation: TransactionRow, result: RefundResult): Promise<TransactionRow> {
  const [row] = await db
    .update(transactions)
    .set({
      status: result.status === 'failed' ? 'failed' : 'succeeded',
      providerChargeId: result.refundId,
      failureCode: result.status === 'failed' ? result.code : null,
      failureMessage: result.status === 'failed' ? result.message : null,
    })
    .where(and(eq(transactions.id, reservation.id), eq(transactions.status, 'pending')))
    .returning();
  return row ?? (await db.select().from(transactions).where(eq(transactions.id, reservation.id)))[0]!;
}

/**
 * Finishes refunds left pending longer than REFUND_STALE_MS: the provider is asked again with the same
 * idempotency key, which answers the first refund if it was made and makes it if it was not.
 */
export async function recoverPendingRefunds(ctx: RefundContext): Promise<number> {
  const before = new Date(ctx.now().getTime() - REFUND_STALE_MS);
  const stale = await ctx.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.kind, 'refund'), eq(transactions.status, 'pending'), lt(transactions.createdAt, before)))
    .orderBy(asc(transactions.createdAt))
    .limit(100);
  for (const pending of stale) {
    const chargeTransactionId = pending.requestKey.split(':')[1] ?? '';
    const [charge] = /^[0-9a-f-]{36}$/i.test(chargeTransactionId)
      ? await ctx.db
          .select()
          .from(transactions)
          .where(and(eq(transactions.id, chargeTransactionId), eq(transactions.kind, 'charge')))
      : [];
    if (!charge?.providerChargeId) {
      // Nothing at the provider to refund against: close it as failed rather than retrying forever.
      const none = { status: 'failed' as const, refundId: null, code: 'no_charge', message: NO_CARD_PAYMENT };
      await recordRefund(ctx.db, pending, none);
      continue;
    }
    const result = await ctx.payments.refund(charge.providerChargeId, pending.amountCents, pending.idempotencyKey);
    await recordRefund(ctx.db, pending, result);
  }
  return stale.length;
}

import { and, desc, eq, like } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type InvoiceRow, invoices } from '../../db/schema/invoices';
import { type TransactionRow, transactions } from '../../db/schema/transactions';
import type { PaymentProvider } from '../../integrations/payments/payment-provider';
import { conflict } from '../../lib/errors';
import { findCustomer, findDefaultPaymentMethod } from '../payment-methods/service';

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
    await tx
      .update(invoices)
      .set({ status: 'paid', paidAt: now, updatedAt: now })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.status, 'open')));
  }
  return outcome;
}

import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { PaymentProvider } from '../../../integrations/payments/payment-provider';
import { AppError } from '../../../lib/errors';
import { paymentCustomers } from '../schema/payment-customers';
import { type PaymentMethodRow, paymentMethods } from '../schema/payment-methods';

/** A refused card (decline, insufficient funds, ...): 402 with the provider's own message (spec 8). */
export function paymentFailed(code: string, message: string): AppError {
  return new AppError(402, 'PAYMENT_FAILED', message, { card: message, declineCode: code });
}

/**
 * Serialises one payer's short ledger transactions (opening an intent, recording its outcome, card changes) across
 * processes. Never held across a provider call.
 */
export async function lockBillingUser(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`billing:${userId}`}, 0))`);
}

export async function findCustomer(db: Db, userId: string, provider: PaymentProvider['name']) {
  const [row] = await db
    .select()
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)))
    .limit(1);
  return row;
}

export async function findDefaultPaymentMethod(db: Db, userId: string): Promise<PaymentMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(eq(paymentMethods.userId, userId), eq(paymentMethods.status, 'active'), eq(paymentMethods.isDefault, true)),
    )
    .limit(1);
  return row;
}

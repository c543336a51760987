import type { SavedPaymentMethod } from '@postwise/shared/billing';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type PaymentCustomerRow, paymentCustomers } from '../schema/payment-customers';
import { type PaymentMethodRow, paymentMethods } from '../schema/payment-methods';
import type { UserRow } from '../../identity';
import {
  type CardToAttach,
  PaymentDeclinedError,
  type PaymentProvider,
} from '../../../integrations/payments/payment-provider';
import { AppError, notFound } from '../../../lib/errors';

export function toPaymentMethodDto(row: PaymentMethodRow): SavedPaymentMethod {
  return {
    id: row.id,
    type: 'card',
    isDefault: row.isDefault,
    providerPaymentMethodId: row.providerPaymentMethodId,
    status: 'active',
    card: { brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear },
    createdAt: row.createdAt.toISOString(),
  };
}

/** A refused card (decline, insufficient funds, ...): 402 with the provider's own message (spec 8). */
export function paymentFailed(code: string, message: string): AppError {
  return new AppError(402, 'PAYMENT_FAILED', message, { card: message, declineCode: code });
}

/** Serialises one user's payment writes (cards, purchases, resumes) across processes. */
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

async function ensureCustomer(tx: Db, payments: PaymentProvider, user: UserRow): Promise<PaymentCustomerRow> {
  const existing = await findCustomer(tx, user.id, payments.name);
  if (existing) return existing;
  const { customerId } = await payments.createCustomer({ userId: user.id, email: user.email, name: user.fullName });
  const [row] = await tx
    .insert(paymentCustomers)
    .values({ userId: user.id, provider: payments.name, providerCustomerId: customerId })
    .returning();
  return row!;
}

/** The user's active cards, the default first, then newest first. */
export async function listPaymentMethods(db: Db, userId: string): Promise<SavedPaymentMethod[]> {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.status, 'active')))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt));
  return rows.map(toPaymentMethodDto);
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

/**
 * Saves a card: creates the provider customer when missing, attaches the card (the provider may refuse it:
 * 402 with its message) and makes it the default unless told otherwise (spec 2.8: the card added in the dialog
 * becomes the default). The first card is always the default.
 */
export async function addPaymentMethod(
  db: Db,
  payments: PaymentProvider,
  user: UserRow,
  card: CardToAttach,
  makeDefault = true,
): Promise<SavedPaymentMethod> {
  return db.transaction(async (tx) => {
    await lockBillingUser(tx, user.id);
    const customer = await ensureCustomer(tx, payments, user);
    let attached;
    try {
      attached = await payments.attachCard(customer.providerCustomerId, card);
    } catch (err) {
      if (err instanceof PaymentDeclinedError) throw paymentFailed(err.code, err.message);
      throw err;
    }
    const current = await findDefaultPaymentMethod(tx, user.id);
    const isDefault = makeDefault || !current;
    if (isDefault && current) {
      await tx.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.id, current.id));
    }
    const [row] = await tx
      .insert(paymentMethods)
      .values({ userId: user.id, provider: payments.name, type: 'card', ...attached, isDefault, status: 'active' })
      .returning();
    return toPaymentMethodDto(row!);
  });
}

async function findOwnActive(tx: Db, userId: string, id: string): Promise<PaymentMethodRow> {
  const [row] = await tx
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId), eq(paymentMethods.status, 'active')))
    .limit(1);
  // Someone else's card answers like a missing one: its existence is not the caller's business.
  if (!row) throw notFound('Payment method not found');
  return row;
}

export async function setDefaultPaymentMethod(db: Db, userId: string, id: string): Promise<SavedPaymentMethod> {
  return db.transaction(async (tx) => {
    await lockBillingUser(tx, userId);
    const row = await findOwnActive(tx, userId, id);
    if (row.isDefault) return toPaymentMethodDto(row);
    await tx
      .update(paymentMethods)
      .set({ isDefault: false })
      .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true)));
    const [updated] = await tx
      .update(paymentMethods)
      .set({ isDefault: true })
      .where(eq(paymentMethods.id, id))
      .returning();
    return toPaymentMethodDto(updated!);
  });
}

/** Removes a card (kept as `removed` for the transactions that used it); the newest other card becomes the default. */
export async function removePaymentMethod(db: Db, payments: PaymentProvider, userId: string, id: string) {
  return db.transaction(async (tx) => {
    await lockBillingUser(tx, userId);
    const row = await findOwnActive(tx, userId, id);
    if (row.provider === payments.name) await payments.detachCard(row.providerPaymentMethodId);
    await tx
      .update(paymentMethods)
      .set({ status: 'removed', isDefault: false, removedAt: new Date() })
      .where(eq(paymentMethods.id, id));
    if (row.isDefault) {
      const [next] = await tx
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.status, 'active')))
        .orderBy(desc(paymentMethods.createdAt))
        .limit(1);
      if (next) await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, next.id));
    }
    return { id };
  });
}

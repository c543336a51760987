import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { billingTimeZone, type InvoiceLine, invoices, insertInvoice, paymentIntents } from '../../billing';
import { addDaysInZone, addMonthsToMonthStartInZone, startOfMonthInZone } from '../../../lib/time-zone';
import { shipmentInvoiceLines, shippingAccounts } from '../schema/shipping';
import { conflict } from '../../../lib/errors';

export const PAY_LATER_LIMIT_MESSAGE = 'Ship now, pay later is over your credit limit. Please pay by card.';

/** Days after the month ends that a pay-later invoice is due (spec 9: payment due within 14 days). */
const DUE_DAYS_AFTER_MONTH = 14;

export async function findShippingAccount(db: Db, userId: string) {
  const [row] = await db.select().from(shippingAccounts).where(eq(shippingAccounts.userId, userId));
  return row ?? { userId, creditLimitCents: 0, creditBalanceCents: 0 };
}

/** What the customer owes on open pay-later invoices (shipments not yet paid). */
export async function outstandingPayLaterCents(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${shipmentInvoiceLines.amountCents}), 0)` })
    .from(shipmentInvoiceLines)
    .innerJoin(invoices, eq(invoices.id, shipmentInvoiceLines.invoiceId))
    .where(and(eq(invoices.userId, userId), eq(invoices.status, 'open')));
  return Number(row?.total ?? 0);
}

/** Pay-later sales in flight (committed, label not yet recorded): they count against the limit too. */
async function pendingPayLaterCents(db: Db, userId: string, exceptIntentId: string | null): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${paymentIntents.amountCents}), 0)` })
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.userId, userId),
        eq(paymentIntents.purpose, 'label'),
        eq(paymentIntents.status, 'pending'),
        sql`${paymentIntents.payload}->>'payLater' = 'true'`,
        exceptIntentId ? ne(paymentIntents.id, exceptIntentId) : undefined,
      ),
    );
  return Number(row?.total ?? 0);
}

/** The customer's pay-later credit: the limit the admin set, and what is left of it after open and pending sales. */
export interface PayLaterCredit {
  creditLimitCents: number;
  availableCents: number;
}

export async function payLaterCredit(
  db: Db,
  userId: string,
  exceptIntentId: string | null = null,
): Promise<PayLaterCredit> {
  const account = await findShippingAccount(db, userId);
  const owed = (await outstandingPayLaterCents(db, userId)) + (await pendingPayLaterCents(db, userId, exceptIntentId));
  return { creditLimitCents: account.creditLimitCents, availableCents: Math.max(0, account.creditLimitCents - owed) };
}

/**
 * Pay later is allowed up to the credit limit the admin set for the customer (0 by default: not allowed). Checked
 * under the customer's billing lock when the sale opens, so two sales at once never pass the limit together.
 */
export async function assertPayLaterAllowed(
  db: Db,
  userId: string,
  priceCents: number,
  exceptIntentId: string | null = null,
): Promise<void> {
  const credit = await payLaterCredit(db, userId, exceptIntentId);
  if (priceCents > credit.availableCents) throw conflict(PAY_LATER_LIMIT_MESSAGE);
}

/**
 * Adds a pay-later shipment to the customer's open shipping invoice of this month (creating it), inside the
 * caller's transaction, which holds the customer's billing lock. An invoice being paid is frozen: the line goes
 * onto a new open invoice instead, so what the card is charged is exactly the total it was asked for.
 */
export async function addToMonthlyInvoice(
  tx: Db,
  input: { userId: string; shipmentId: string; line: InvoiceLine; now: Date; extraLines?: InvoiceLine[] },
): Promise<string> {
  // The shipment's lines (postage, then its insurance when a value is declared), linked to it as one amount.
  const added = [input.line, ...(input.extraLines ?? [])];
  const addedCents = added.reduce((s, l) => s + l.amountCents, 0);
  // The month is the customer's billing month (their store's calendar), as their renewals and payouts are.
  const zone = await billingTimeZone(tx, input.userId);
  const start = startOfMonthInZone(input.now, zone);
  const [open] = await tx
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.userId, input.userId),
        eq(invoices.category, 'shipment'),
        eq(invoices.status, 'open'),
        eq(invoices.periodStart, start),
        isNull(invoices.payingIntentId),
      ),
    )
    .limit(1)
    .for('update');
  let invoiceId: string;
  if (open) {
    const lines = [...open.lines, ...added];
    const total = lines.reduce((s, l) => s + l.amountCents, 0);
    await tx
      .update(invoices)
      .set({ lines, subtotalCents: total, totalCents: total, updatedAt: input.now })
      .where(eq(invoices.id, open.id));
    invoiceId = open.id;
  } else {
    const end = addMonthsToMonthStartInZone(input.now, 1, zone);
    const created = await insertInvoice(tx, {
      userId: input.userId,
      issuerUserId: null,
      category: 'shipment',
      lines: added,
      currency: 'usd',
      status: 'open',
      periodStart: start,
      periodEnd: end,
      dueAt: addDaysInZone(end, DUE_DAYS_AFTER_MONTH, zone),
    });
    invoiceId = created.id;
  }
  await tx
    .insert(shipmentInvoiceLines)
    .values({ shipmentId: input.shipmentId, invoiceId, amountCents: addedCents, createdAt: input.now });
  return invoiceId;
}

/** Takes a voided pay-later shipment off its invoice while that invoice is still open. */
export async function removeFromOpenInvoice(
  tx: Db,
  shipment: { id: string; uniqueId: string },
  now: Date,
): Promise<boolean> {
  const shipmentId = shipment.id;
  const [link] = await tx.select().from(shipmentInvoiceLines).where(eq(shipmentInvoiceLines.shipmentId, shipmentId));
  if (!link) return false;
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, link.invoiceId)).for('update');
  // Paid, void, or being paid (frozen): the line stays; the void is refunded as credit instead.
  if (!invoice || invoice.status !== 'open' || invoice.payingIntentId) return false;
  // Every line of the shipment (postage and insurance carry its ref); a line written before refs, by amount and id.
  const index = invoice.lines.findIndex(
    (l) => l.ref === shipmentId || (l.amountCents === link.amountCents && l.description.includes(shipment.uniqueId)),
  );
  const lines = invoice.lines.filter((l, i) => i !== index && l.ref !== shipmentId);
  const total = lines.reduce((s, l) => s + l.amountCents, 0);
  await tx
    .update(invoices)
    .set({
      lines,
      subtotalCents: total,
      totalCents: total,
      ...(lines.length === 0 ? { status: 'void' as const, voidedAt: now } : {}),
      updatedAt: now,
    })
    .where(eq(invoices.id, invoice.id));
  await tx.delete(shipmentInvoiceLines).where(eq(shipmentInvoiceLines.shipmentId, shipmentId));
  return true;
}

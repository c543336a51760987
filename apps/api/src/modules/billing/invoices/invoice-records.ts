import type { Invoice, InvoiceParty, Transaction } from '@postwise/shared/billing';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { type InvoiceLine, type InvoiceRow, invoiceNumberSeq, invoices, type NewInvoiceRow } from '../schema/invoices';
import { paymentMethods } from '../schema/payment-methods';
import { plans } from '../schema/plans';
import { type TransactionRow, transactions } from '../schema/transactions';
import { users } from '../../identity';
import { emitInvoicePaid } from './webhook-events';
import type { IssuerDirectory } from './issuers';

export const payers = alias(users, 'payer_users');
export const issuers = alias(users, 'issuer_users');

const payerColumns = { id: payers.id, fullName: payers.fullName, email: payers.email };
const issuerColumns = { id: issuers.id, fullName: issuers.fullName, email: issuers.email };

type NullableParty = { id: string | null; fullName: string | null; email: string | null } | null;

function toParty(p: NullableParty): InvoiceParty | null {
  return p?.id ? { id: p.id, fullName: p.fullName ?? '', email: p.email ?? '' } : null;
}

/** Columns of an invoice row with its payer, issuer and plan name (one query, no N+1). */
export const invoiceSelection = {
  invoice: invoices,
  payer: payerColumns,
  issuer: issuerColumns,
  planName: plans.name,
};

export interface InvoiceJoinRow {
  invoice: InvoiceRow;
  payer: NullableParty;
  issuer: NullableParty;
  planName: string | null;
}

export function invoiceQuery(db: Db) {
  return db
    .select(invoiceSelection)
    .from(invoices)
    .innerJoin(payers, eq(payers.id, invoices.userId))
    .leftJoin(issuers, eq(issuers.id, invoices.issuerUserId))
    .leftJoin(plans, eq(plans.id, invoices.planId));
}

/** The invoice as lists and the detail show it; `now` decides Overdue (open and past its due date). */
export function toInvoiceDto(row: InvoiceJoinRow, now: Date = new Date()): Invoice {
  const i = row.invoice;
  return {
    id: i.id,
    number: i.number,
    category: i.category,
    status: i.status,
    user: toParty(row.payer)!,
    issuer: toParty(row.issuer),
    planName: row.planName,
    // What the ledger keeps on a line for itself (the margin, what it is for) is not the payer's to see.
    lines: i.lines.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unitAmountCents: l.unitAmountCents,
      amountCents: l.amountCents,
    })),
    subtotalCents: i.subtotalCents,
    totalCents: i.totalCents,
    currency: i.currency,
    periodStart: i.periodStart?.toISOString() ?? null,
    periodEnd: i.periodEnd?.toISOString() ?? null,
    dueAt: i.dueAt?.toISOString() ?? null,
    paidAt: i.paidAt?.toISOString() ?? null,
    createdAt: i.createdAt.toISOString(),
    overdue: i.status === 'open' && i.dueAt !== null && i.dueAt.getTime() < now.getTime(),
    issuedBy: null,
    billedTo: null,
    payment: null,
  };
}

export async function loadInvoiceDto(db: Db, id: string, now: Date = new Date()): Promise<Invoice> {
  const [row] = await invoiceQuery(db).where(eq(invoices.id, id)).limit(1);
  if (!row) throw new Error(`invoice ${id} vanished`);
  return toInvoiceDto(row, now);
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/**
 * The invoice as a document a business can send (detail page, PDF, receipts): the issuing business, the payer with
 * the company of a business mailbox and the address on file, and, once paid, when and how it was paid.
 */
export async function toInvoiceDocument(
  db: Db,
  issuers: IssuerDirectory | undefined,
  invoice: Invoice,
): Promise<Invoice> {
  const [row] = await db
    .select({ invoice: invoices, payer: users })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(eq(invoices.id, invoice.id));
  if (!row) return invoice;
  const { payer } = row;
  const business = payer.mailboxType === 'business' ? payer.business : null;
  const where = business ?? payer.personal;
  const addressLines = [
    where?.address1,
    where?.address2,
    [where?.city, [where?.state, where?.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    where?.country,
  ].filter((l): l is string => Boolean(l && l.trim()));
  let payment: Invoice['payment'] = null;
  if (row.invoice.status === 'paid' && row.invoice.paidAt) {
    const [card] = await db
      .select({ brand: paymentMethods.brand, last4: paymentMethods.last4 })
      .from(transactions)
      .leftJoin(paymentMethods, eq(paymentMethods.id, transactions.paymentMethodId))
      .where(
        and(
          eq(transactions.invoiceId, invoice.id),
          eq(transactions.kind, 'charge'),
          eq(transactions.status, 'succeeded'),
        ),
      )
      .limit(1);
    const credit = row.invoice.lines.some((l) => l.amountCents < 0);
    const method = card?.brand
      ? `${BRANDS[card.brand] ?? card.brand} •••• ${card.last4}${credit ? ' and credit on account' : ''}`
      : row.invoice.totalCents === 0
        ? credit
          ? 'Credit on account'
          : 'No charge'
        : 'Card';
    payment = { paidAt: row.invoice.paidAt.toISOString(), method };
  }
  return {
    ...invoice,
    issuedBy: issuers ? await issuers.businessOf(db, row.invoice.issuerUserId) : null,
    billedTo: {
      name: payer.fullName || payer.email,
      company: business?.name || null,
      email: payer.email,
      addressLines,
    },
    payment,
  };
}

export const transactionSelection = {
  transaction: transactions,
  payer: payerColumns,
  invoiceNumber: invoices.number,
  brand: paymentMethods.brand,
  last4: paymentMethods.last4,
};

export function transactionQuery(db: Db) {
  return db
    .select(transactionSelection)
    .from(transactions)
    .innerJoin(payers, eq(payers.id, transactions.userId))
    .leftJoin(invoices, eq(invoices.id, transactions.invoiceId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, transactions.paymentMethodId));
}

export interface TransactionJoinRow {
  transaction: TransactionRow;
  payer: NullableParty;
  invoiceNumber: string | null;
  brand: string | null;
  last4: string | null;
}

export function toTransactionDto(row: TransactionJoinRow): Transaction {
  const t = row.transaction;
  return {
    id: t.id,
    invoiceId: t.invoiceId,
    invoiceNumber: row.invoiceNumber,
    user: toParty(row.payer)!,
    amountCents: t.amountCents,
    currency: t.currency,
    kind: t.kind,
    status: t.status,
    description: t.description,
    card: row.brand && row.last4 ? { brand: row.brand, last4: row.last4 } : null,
    failureCode: t.failureCode,
    failureMessage: t.failureMessage,
    createdAt: t.createdAt.toISOString(),
  };
}

/** The request key of paying an invoice: one purchase per invoice (a retry after a decline is its next attempt). */
export const invoiceRequestKey = (invoiceId: string) => `invoice:${invoiceId}`;

export function invoiceLine(description: string, amountCents: number, quantity = 1): InvoiceLine {
  return { description, quantity, unitAmountCents: amountCents, amountCents: amountCents * quantity };
}

/** Inserts an invoice with the next platform-wide number and totals summed from its lines. */
export async function insertInvoice(
  tx: Db,
  values: Omit<NewInvoiceRow, 'number' | 'subtotalCents' | 'totalCents'> & { lines: InvoiceLine[] },
): Promise<InvoiceRow> {
  const [seq] = await tx
    .select({ n: sql<string>`nextval(${sql.raw(`'${invoiceNumberSeq.seqName ?? 'invoice_number_seq'}'`)})` })
    .from(sql`(select 1) as one`);
  const number = `INV-${String(seq!.n).padStart(6, '0')}`;
  const total = values.lines.reduce((sum, line) => sum + line.amountCents, 0);
  const [row] = await tx
    .insert(invoices)
    .values({ ...values, number, subtotalCents: total, totalCents: total })
    .returning();
  await emitInvoicePaid(tx, row);
  return row!;
}

/**
 * Marks the lines of a paid invoice that name `ref` (a shipment) as voided: the money went back (credit or card), so
 * the line earns no margin in payouts. The invoice itself stays as it was issued.
 */
export async function markLinesVoided(tx: Db, invoiceId: string, ref: string): Promise<void> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
  if (!invoice || !invoice.lines.some((l) => l.ref === ref)) return;
  const lines = invoice.lines.map((l) => (l.ref === ref ? { ...l, voided: true } : l));
  await tx.update(invoices).set({ lines }).where(eq(invoices.id, invoiceId));
}

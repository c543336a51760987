import type { Invoice, InvoiceParty, Transaction } from '@postwise/shared/billing';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { type InvoiceLine, type InvoiceRow, invoiceNumberSeq, invoices, type NewInvoiceRow } from '../schema/invoices';
import { paymentMethods } from '../schema/payment-methods';
import { plans } from '../schema/plans';
import { type TransactionRow, transactions } from '../schema/transactions';
import { users } from '../../identity';

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

export function toInvoiceDto(row: InvoiceJoinRow): Invoice {
  const i = row.invoice;
  return {
    id: i.id,
    number: i.number,
    category: i.category,
    status: i.status,
    user: toParty(row.payer)!,
    issuer: toParty(row.issuer),
    planName: row.planName,
    lines: i.lines,
    subtotalCents: i.subtotalCents,
    totalCents: i.totalCents,
    currency: i.currency,
    periodStart: i.periodStart?.toISOString() ?? null,
    periodEnd: i.periodEnd?.toISOString() ?? null,
    dueAt: i.dueAt?.toISOString() ?? null,
    paidAt: i.paidAt?.toISOString() ?? null,
    createdAt: i.createdAt.toISOString(),
  };
}

export async function loadInvoiceDto(db: Db, id: string): Promise<Invoice> {
  const [row] = await invoiceQuery(db).where(eq(invoices.id, id)).limit(1);
  if (!row) throw new Error(`invoice ${id} vanished`);
  return toInvoiceDto(row);
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
  return row!;
}

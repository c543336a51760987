import type { Invoice, InvoiceCategory, InvoiceStatus, Transaction } from '@postwise/shared/billing';
import type { PageQuery } from '@postwise/shared/schemas/paging';
import { and, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoices } from '../../db/schema/invoices';
import { transactions } from '../../db/schema/transactions';
import type { UserRow } from '../../db/schema/users';
import { conflict, notFound } from '../../lib/errors';
import { actorFromUser, actorMay } from '../tenancy/actor';
import { paged } from '../../lib/paging';
import type { BillingContext } from '../billing/billing-context';
import { payInvoice } from '../billing/charge';
import { lockBillingUser, paymentFailed } from '../payment-methods/service';
import { reactivateIfSettled } from '../subscriptions/service';
import {
  invoiceQuery,
  loadInvoiceDto,
  payers,
  toInvoiceDto,
  toTransactionDto,
  transactionQuery,
} from './invoice-records';

/**
 * Whose invoices a list shows:
 * - `billing` (Invoices & Billing): a customer their own; a sub-admin the invoices they issued to their
 *   customers; the super admin every invoice.
 * - `mine` (My Invoices): what the caller pays (a sub-admin: what the platform bills them).
 */
export type InvoiceScope = 'billing' | 'mine';

export interface InvoiceListQuery {
  status?: InvoiceStatus | 'pending' | undefined;
  category?: InvoiceCategory | undefined;
  search?: string | undefined;
}

/** Which invoices a viewer sees: its own ('mine', or no wider capability), those it issued, or all. */
function scopeWhere(viewer: UserRow, scope: InvoiceScope): SQL | undefined {
  const actor = actorFromUser(viewer);
  if (scope === 'mine') return eq(invoices.userId, viewer.id);
  if (actorMay(actor, 'invoices.all')) return undefined;
  if (actorMay(actor, 'invoices.issued')) return eq(invoices.issuerUserId, viewer.id);
  return eq(invoices.userId, viewer.id);
}

function searchWhere(search: string | undefined): SQL | undefined {
  const q = search?.trim().toLowerCase();
  if (!q) return undefined;
  const pattern = `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(sql`lower(${invoices.number}) like ${pattern}`, sql`lower(${payers.email}) like ${pattern}`);
}

export function listInvoices(db: Db, viewer: UserRow, scope: InvoiceScope, page: PageQuery, query: InvoiceListQuery) {
  const status = query.status === 'pending' ? 'open' : query.status;
  const where = and(
    scopeWhere(viewer, scope),
    status ? eq(invoices.status, status) : undefined,
    query.category ? eq(invoices.category, query.category) : undefined,
    searchWhere(query.search),
  );
  return paged({
    page,
    rows: (limit, offset) =>
      invoiceQuery(db)
        .where(where)
        .orderBy(desc(invoices.createdAt), desc(invoices.number))
        .limit(limit)
        .offset(offset),
    count: async () => {
      const [row] = await db
        .select({ n: count() })
        .from(invoices)
        .innerJoin(payers, eq(payers.id, invoices.userId))
        .where(where);
      return Number(row?.n ?? 0);
    },
    map: toInvoiceDto,
  });
}

/** One invoice for its payer, its issuer or the super admin; anyone else gets 404 (not even its existence). */
export async function getInvoiceFor(db: Db, viewer: UserRow, id: string): Promise<Invoice> {
  const [row] = await invoiceQuery(db).where(eq(invoices.id, id)).limit(1);
  if (!row) throw notFound('Invoice not found');
  const i = row.invoice;
  const allowed =
    actorMay(actorFromUser(viewer), 'invoices.all') || i.userId === viewer.id || i.issuerUserId === viewer.id;
  if (!allowed) throw notFound('Invoice not found');
  return toInvoiceDto(row);
}

/** Transactions the viewer may see (same scopes as invoices), newest first; optionally of one invoice. */
export function listTransactions(
  db: Db,
  viewer: UserRow,
  scope: InvoiceScope,
  page: PageQuery,
  filter: { invoiceId?: string } = {},
) {
  const actor = actorFromUser(viewer);
  let visible: SQL | undefined;
  if (scope === 'mine') visible = eq(transactions.userId, viewer.id);
  else if (actorMay(actor, 'invoices.all')) visible = undefined;
  else if (actorMay(actor, 'invoices.issued')) visible = eq(invoices.issuerUserId, viewer.id);
  else visible = eq(transactions.userId, viewer.id);
  const where = and(visible, filter.invoiceId ? eq(transactions.invoiceId, filter.invoiceId) : undefined);
  return paged<Parameters<typeof toTransactionDto>[0], Transaction>({
    page,
    rows: (limit, offset) =>
      transactionQuery(db).where(where).orderBy(desc(transactions.createdAt)).limit(limit).offset(offset),
    count: async () => {
      const [row] = await db
        .select({ n: count() })
        .from(transactions)
        .leftJoin(invoices, eq(invoices.id, transactions.invoiceId))
        .where(where);
      return Number(row?.n ?? 0);
    },
    map: toTransactionDto,
  });
}

/** GET invoices/pending/count: the caller's open invoices (optionally only reinstatement ones). */
export async function countPendingInvoices(db: Db, userId: string, category?: InvoiceCategory): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(invoices)
    .where(
      and(
        eq(invoices.userId, userId),
        eq(invoices.status, 'open'),
        category ? eq(invoices.category, category) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/** Pays one of the caller's open invoices with the default card; the last open one reactivates a past-due subscription. */
export async function payOwnInvoice(ctx: BillingContext, user: UserRow, id: string): Promise<Invoice> {
  const now = ctx.now();
  const failure = await ctx.db.transaction(async (tx) => {
    await lockBillingUser(tx, user.id);
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, id), eq(invoices.userId, user.id)))
      .for('update')
      .limit(1);
    if (!invoice) throw notFound('Invoice not found');
    if (invoice.status === 'paid') return null;
    if (invoice.status !== 'open') throw conflict('This invoice is void and cannot be paid.');
    const outcome = await payInvoice(tx, ctx.payments, invoice, now);
    if (outcome.status === 'failed') return outcome;
    if (invoice.subscriptionId) await reactivateIfSettled(tx, invoice.subscriptionId, now);
    return null;
  });
  if (failure) throw paymentFailed(failure.code, failure.message);
  return loadInvoiceDto(ctx.db, id);
}

import type { ApiPage } from '@postwise/shared/api-types';
import type { Invoice, InvoiceCategory, InvoiceStatus, Transaction } from '@postwise/shared/billing';
import type { PageQuery } from '@postwise/shared/schemas/paging';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { invoices } from '../schema/invoices';
import { transactions } from '../schema/transactions';
import { type UserRow, users, actorFromUser, actorMay } from '../../identity';
import { notFound } from '../../../lib/errors';
import { descending, type ListShape, pagedPrepared, preparedList } from '../../../db/paging';
import type { BillingContext } from '../context';
import { prefixRange, prefixSearchValues } from '../../../db/prefix-search';
import { paymentFailed } from '../ledger/payers';
import { charge } from '../ledger/charge';
import type { Purpose } from '../ledger/purposes';
import {
  type InvoiceJoinRow,
  type TransactionJoinRow,
  invoiceQuery,
  loadInvoiceDto,
  toInvoiceDocument,
  toInvoiceDto,
  invoiceRequestKey,
  toTransactionDto,
  transactionQuery,
} from './invoice-records';

/** The payer of an invoice, as the invoice search reads it (by its e-mail's index). */
const payers = alias(users, 'payers');

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
function visibleInvoices(viewer: UserRow, scope: InvoiceScope): 'own' | 'issued' | 'all' {
  const actor = actorFromUser(viewer);
  if (scope === 'mine') return 'own';
  if (actorMay(actor, 'invoices.all')) return 'all';
  if (actorMay(actor, 'invoices.issued')) return 'issued';
  return 'own';
}

/** Which filters a list request uses: each combination is one set of prepared statements (db/paging.ts). */
interface InvoiceListShape extends ListShape {
  visible: 'own' | 'issued' | 'all';
  status: boolean;
  category: boolean;
  search: boolean;
}

function invoiceList(db: Db, listShape: InvoiceListShape) {
  return preparedList<InvoiceJoinRow, InvoiceListShape>(db, 'invoices', listShape, (shape) => {
    const p = sql.placeholder;
    const pattern = p('pattern');
    const filters = and(
      shape.visible === 'own' ? eq(invoices.userId, p('viewerId')) : undefined,
      shape.visible === 'issued' ? eq(invoices.issuerUserId, p('viewerId')) : undefined,
      shape.status ? eq(invoices.status, p('status')) : undefined,
      shape.category ? eq(invoices.category, p('category')) : undefined,
    );
    // The LIKE form, for a search past 10,000 matches (the ranges below answer the others): the page walks the
    // created_at index and keeps the invoices whose number or payer's e-mail starts with the search, so a search
    // matching most invoices ("i", "user") stops after a page's worth of rows. (A union of the two lookups instead
    // collected every match before the first page: seconds at a million invoices.)
    const searched = sql`(lower(${invoices.number}) like ${pattern} or exists (
      select 1 from ${users} as by_payer where by_payer.id = ${invoices.userId} and lower(by_payer.email) like ${pattern}
    ))`;
    // The same two lookups as ranges of those indexes, each its own branch (planned once).
    const payerEmail = prefixRange(sql`lower(${payers.email})`, { from: payers, id: payers.id, link: invoices.userId });
    // Invoice numbers are unique and are the list's tie-breaker: the sort indexes end in (created_at, number).
    return {
      from: invoices,
      where: and(filters, shape.search ? searched : undefined),
      key: invoices.number,
      keyType: 'text',
      ...(shape.search
        ? { search: { filters, branches: [prefixRange(sql`lower(${invoices.number})`), payerEmail] } }
        : {}),
      order: descending(invoices.createdAt, invoices.number),
      load: (keys) => invoiceQuery(db).where(inArray(invoices.number, keys)),
    };
  });
}

export function listInvoices(
  db: Db,
  viewer: UserRow,
  scope: InvoiceScope,
  page: PageQuery,
  query: InvoiceListQuery,
  now: Date = new Date(),
): Promise<ApiPage<Invoice>> {
  const status = query.status === 'pending' ? 'open' : query.status;
  const visible = visibleInvoices(viewer, scope);
  const search = query.search?.trim();
  const searchValues = search ? prefixSearchValues(search) : undefined;
  const list = invoiceList(db, {
    visible,
    status: Boolean(status),
    category: Boolean(query.category),
    search: searchValues !== undefined,
  });
  const values: Record<string, unknown> = {
    ...(visible === 'all' ? {} : { viewerId: viewer.id }),
    ...(status ? { status } : {}),
    ...(query.category ? { category: query.category } : {}),
    ...searchValues,
  };
  return pagedPrepared(list, values, page, (row) => toInvoiceDto(row, now));
}

/**
 * One invoice for its payer, its issuer or the super admin, as a document (issuing business, payer, how it was
 * paid); anyone else gets 404 (not even its existence).
 */
export async function getInvoiceFor(
  ctx: Pick<BillingContext, 'db' | 'issuers' | 'now'>,
  viewer: UserRow,
  id: string,
): Promise<Invoice> {
  const [row] = await invoiceQuery(ctx.db).where(eq(invoices.id, id)).limit(1);
  if (!row) throw notFound('Invoice not found');
  const i = row.invoice;
  const allowed =
    actorMay(actorFromUser(viewer), 'invoices.all') || i.userId === viewer.id || i.issuerUserId === viewer.id;
  if (!allowed) throw notFound('Invoice not found');
  return toInvoiceDocument(ctx.db, ctx.issuers, toInvoiceDto(row, ctx.now()));
}

/** Transactions the viewer may see (same scopes as invoices), newest first; optionally of one invoice. */
export function listTransactions(
  db: Db,
  viewer: UserRow,
  scope: InvoiceScope,
  page: PageQuery,
  filter: { invoiceId?: string } = {},
): Promise<ApiPage<Transaction>> {
  const visible = visibleInvoices(viewer, scope);
  const list = preparedList<TransactionJoinRow>(
    db,
    'transactions',
    { visible, invoice: Boolean(filter.invoiceId) },
    (shape) => {
      const p = sql.placeholder;
      const where = and(
        shape.visible === 'own' ? eq(transactions.userId, p('viewerId')) : undefined,
        shape.visible === 'issued'
          ? inArray(
              transactions.invoiceId,
              db
                .select({ id: invoices.id })
                .from(invoices)
                .where(eq(invoices.issuerUserId, p('viewerId'))),
            )
          : undefined,
        shape.invoice ? eq(transactions.invoiceId, p('invoiceId')) : undefined,
      );
      return {
        from: transactions,
        where,
        key: transactions.id,
        order: descending(transactions.createdAt, transactions.id),
        load: (keys) => transactionQuery(db).where(inArray(transactions.id, keys)),
      };
    },
  );
  const values: Record<string, unknown> = {
    ...(visible === 'all' ? {} : { viewerId: viewer.id }),
    ...(filter.invoiceId ? { invoiceId: filter.invoiceId } : {}),
  };
  return pagedPrepared(list, values, page, toTransactionDto);
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

/**
 * Pays one of the caller's open invoices with the default card (reserve → charge → record, no lock held while the
 * provider answers); the last open one reactivates a past-due subscription.
 */
export async function payOwnInvoice(ctx: BillingContext, user: UserRow, id: string): Promise<Invoice> {
  // The invoice purpose is the subscriptions' (a paid invoice may reactivate one): reached through the registry,
  // so invoices never import subscriptions.
  const outcome = await charge(ctx, actorFromUser(user), {
    purpose: ctx.purposes.get('invoice') as Purpose<{ invoiceId: string }>,
    userId: user.id,
    requestKey: invoiceRequestKey(id),
    body: { invoiceId: id },
    input: { invoiceId: id },
  });
  if (outcome.status === 'failed') throw paymentFailed(outcome.code, outcome.message);
  return toInvoiceDocument(ctx.db, ctx.issuers, await loadInvoiceDto(ctx.db, id, ctx.now()));
}

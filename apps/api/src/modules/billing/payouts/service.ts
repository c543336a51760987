import type { Payout, PayoutLine } from '@postwise/shared/billing';
import type { PageQuery } from '@postwise/shared/schemas/paging';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type PayoutLineRow, payoutLines, type PayoutRow, payouts, type PayoutStatus } from '../schema/payouts';
import { users, actorMay, type Actor } from '../../identity';
import { conflict, notFound } from '../../../lib/errors';
import { paged } from '../../../db/paging';
import { MICRO_PER_CENT, microToCents, microToDollars } from './payout-math';
import { type CsvCell, toCsv } from '../../../lib/csv';

/** A payout statement and one of its lines, as the API answers them (shared with the web app). */
export type PayoutDto = Payout;
export type PayoutLineDto = PayoutLine;

type Joined = { payout: PayoutRow; email: string; fullName: string };

function toDto(row: Joined): PayoutDto {
  const p = row.payout;
  return {
    id: p.id,
    subAdmin: { id: p.subAdminUserId, email: row.email, fullName: row.fullName },
    periodStart: p.periodStart,
    periodEnd: p.periodEnd,
    grossCents: p.grossCents,
    refundCents: p.refundCents,
    providerFeeCents: microToCents(p.providerFeeMicro),
    providerFeeMicro: p.providerFeeMicro,
    platformShareCents: microToCents(p.platformShareMicro),
    platformShareMicro: p.platformShareMicro,
    shareBasisPoints: p.shareBasisPoints,
    carryInMicro: p.carryInMicro,
    carryOutMicro: p.carryOutMicro,
    payoutCents: p.payoutCents,
    currency: p.currency,
    status: p.status,
    reference: p.reference,
    approvedAt: p.approvedAt?.toISOString() ?? null,
    paidAt: p.paidAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
  };
}

export function toLineDto(l: PayoutLineRow): PayoutLineDto {
  return {
    id: l.id,
    category: l.category,
    description: l.description,
    invoiceId: l.invoiceId,
    transactionId: l.transactionId,
    amountMicro: l.amountMicro,
    amountCents: microToCents(l.amountMicro),
    occurredAt: l.occurredAt.toISOString(),
  };
}

const joined = (db: Db) =>
  db
    .select({ payout: payouts, email: users.email, fullName: users.fullName })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.subAdminUserId));

export interface PayoutFilter {
  subAdminId?: string | undefined;
  status?: PayoutStatus | undefined;
  /** YYYY-MM: payouts of that month. */
  period?: string | undefined;
}

/** A sub-admin sees their own payouts only; the super admin all, optionally filtered. */
function scope(actor: Actor, filter: PayoutFilter): SQL | undefined {
  const all = actorMay(actor, 'payouts.manage');
  return and(
    all
      ? filter.subAdminId
        ? eq(payouts.subAdminUserId, filter.subAdminId)
        : undefined
      : eq(payouts.subAdminUserId, actor.userId),
    filter.status ? eq(payouts.status, filter.status) : undefined,
    filter.period ? eq(payouts.periodStart, `${filter.period}-01`) : undefined,
  );
}

export function listPayouts(db: Db, actor: Actor, page: PageQuery, filter: PayoutFilter) {
  const where = scope(actor, filter);
  return paged({
    page,
    db,
    rows: (limit, offset) =>
      joined(db)
        .where(where)
        .orderBy(desc(payouts.periodStart), asc(users.email), asc(payouts.id))
        .limit(limit)
        .offset(offset),
    count: async () => (await db.select({ n: count() }).from(payouts).where(where))[0]?.n ?? 0,
    map: toDto,
  });
}

/** One payout the actor may see; another sub-admin's answers 404, as if it did not exist. */
export async function getPayout(db: Db, actor: Actor, id: string): Promise<PayoutDto> {
  const [row] = await joined(db).where(eq(payouts.id, id));
  if (!row) throw notFound('Payout not found');
  if (!actorMay(actor, 'payouts.manage') && row.payout.subAdminUserId !== actor.userId) {
    throw notFound('Payout not found');
  }
  return toDto(row);
}

export async function payoutLinesOf(db: Db, payoutId: string): Promise<PayoutLineDto[]> {
  const rows = await db
    .select()
    .from(payoutLines)
    .where(eq(payoutLines.payoutId, payoutId))
    .orderBy(asc(payoutLines.sortOrder), asc(payoutLines.id));
  return rows.map(toLineDto);
}

/** pending → approved (super admin). */
export async function approvePayout(db: Db, actor: Actor, id: string): Promise<void> {
  const updated = await db
    .update(payouts)
    .set({ status: 'approved', approvedAt: new Date(), approvedByUserId: actor.userId, updatedAt: new Date() })
    .where(and(eq(payouts.id, id), eq(payouts.status, 'pending')))
    .returning({ id: payouts.id });
  if (updated.length === 0) {
    await getPayout(db, actor, id);
    throw conflict('Only a pending payout can be approved.');
  }
}

/** approved → paid with the payment's reference (super admin). A paid statement never changes again. */
export async function markPayoutPaid(db: Db, actor: Actor, id: string, reference: string): Promise<void> {
  const updated = await db
    .update(payouts)
    .set({ status: 'paid', reference, paidAt: new Date(), paidByUserId: actor.userId, updatedAt: new Date() })
    .where(and(eq(payouts.id, id), eq(payouts.status, 'approved')))
    .returning({ id: payouts.id });
  if (updated.length === 0) {
    await getPayout(db, actor, id);
    throw conflict('Only an approved payout can be marked paid.');
  }
}

export const CATEGORY_LABELS: Record<PayoutLineRow['category'], string> = {
  subscription: 'Subscriptions',
  mailbox_fee: 'Mailbox fees',
  forward: 'Forwards',
  shipping_margin: 'Shipping margin',
  refund: 'Refunds',
  provider_fee: 'Provider fees',
  platform_share: 'Platform share',
};

/**
 * The statement's reconciliation, term by term, in micro: gross − refunds − provider fees − platform share + what the
 * previous period carried − what this one carries = the payout, exactly (the PDF and the CSV print these).
 */
export function statementTerms(payout: PayoutDto): { label: string; micro: number }[] {
  const share = `Platform share (${(payout.shareBasisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}%)`;
  return [
    { label: 'Gross', micro: payout.grossCents * MICRO_PER_CENT },
    { label: 'Refunds', micro: -payout.refundCents * MICRO_PER_CENT },
    { label: 'Provider fees', micro: -payout.providerFeeMicro },
    { label: share, micro: -payout.platformShareMicro },
    { label: 'Carried from the previous period', micro: payout.carryInMicro },
    { label: 'Carried to the next period', micro: -payout.carryOutMicro },
    { label: 'Payout', micro: payout.payoutCents * MICRO_PER_CENT },
  ];
}

/**
 * The statement as CSV: one row per line, then the reconciliation terms. Amounts are plain numbers of dollars a
 * spreadsheet can sum (the lines plus the carried terms add up to the payout).
 */
export function payoutCsv(payout: PayoutDto, lines: PayoutLineDto[]): string {
  const rows: CsvCell[][] = [
    ['period_start', 'period_end', 'category', 'description', 'invoice_id', 'transaction_id', 'date', 'amount_usd'],
    ...lines.map((l) => [
      payout.periodStart,
      payout.periodEnd,
      l.category,
      l.description,
      l.invoiceId,
      l.transactionId,
      l.occurredAt.slice(0, 10),
      microToDollars(l.amountMicro),
    ]),
    ...statementTerms(payout).map((term) => [
      payout.periodStart,
      payout.periodEnd,
      'summary',
      term.label,
      null,
      null,
      null,
      microToDollars(term.micro),
    ]),
  ];
  return toCsv(rows);
}

export async function subAdminIds(db: Db): Promise<string[]> {
  return (
    await db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.roleCode, ['SUB_ADMIN']))
  ).map((r) => r.id);
}

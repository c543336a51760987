import { addDaysToDayKey, midnightIn } from '@postwise/shared/time-zones';
import { monthKeyInZone } from '../../../lib/time-zone';
import type { PayoutLineCategory } from '../schema/payouts';

export { formatMicro } from '@postwise/shared/plans';

/** 1 cent = 10,000 micro: the platform's share is computed exactly in micro, never floats. */
export const MICRO_PER_CENT = 10_000;
/** The platform's share of a sub-admin's net revenue when their plan sets none: 20%. */
export const DEFAULT_PAYOUT_SHARE_BASIS_POINTS = 2000;

/** A ledger entry of the period, before fees and share. */
export interface LedgerEntry {
  category: Extract<PayoutLineCategory, 'subscription' | 'mailbox_fee' | 'forward' | 'shipping_margin' | 'refund'>;
  description: string;
  invoiceId: string | null;
  transactionId: string | null;
  /** Positive money in; refunds are given as a positive amount and booked negative. */
  amountCents: number;
  /** What the card provider kept of this entry's charge (its real fee, whole cents); 0 without a card charge. */
  providerFeeCents: number;
  occurredAt: Date;
}

export interface ComputedLine {
  category: PayoutLineCategory;
  description: string;
  invoiceId: string | null;
  transactionId: string | null;
  amountMicro: number;
  occurredAt: Date;
}

export interface ComputedPayout {
  grossCents: number;
  refundCents: number;
  providerFeeMicro: number;
  platformShareMicro: number;
  carryInMicro: number;
  carryOutMicro: number;
  payoutCents: number;
  lines: ComputedLine[];
}

/** The platform's share of a net amount (micro) at a rate in basis points; never negative, floored to the micro. */
export function platformShareMicro(netMicro: number, basisPoints: number): number {
  if (netMicro <= 0) return 0;
  return Math.floor((netMicro * basisPoints) / 10_000);
}

/**
 * One period's payout:
 *   net      = gross (subscriptions, mailbox fees, forwards, shipping margin) − refunds − provider fees
 *   share    = net × share basis points / 10,000 (0 when net ≤ 0)
 *   total    = net − share + carry-in (what the previous period left over)
 *   payout   = total floored to whole cents (0 when total < 0); the rest (the sub-cent remainder, or a negative
 *              total) is carried to the next period.
 */
export function computePayout(entries: LedgerEntry[], shareBasisPoints: number, carryInMicro: number): ComputedPayout {
  const lines: ComputedLine[] = [];
  let grossCents = 0;
  let refundCents = 0;
  let feeMicro = 0;
  for (const e of entries) {
    const signed = e.category === 'refund' ? -e.amountCents : e.amountCents;
    if (e.category === 'refund') refundCents += e.amountCents;
    else grossCents += e.amountCents;
    lines.push({
      category: e.category,
      description: e.description,
      invoiceId: e.invoiceId,
      transactionId: e.transactionId,
      amountMicro: signed * MICRO_PER_CENT,
      occurredAt: e.occurredAt,
    });
    const fee = Math.max(0, e.providerFeeCents) * MICRO_PER_CENT;
    if (fee > 0) {
      feeMicro += fee;
      lines.push({
        category: 'provider_fee',
        description: `Card processing fee on ${e.description}`,
        invoiceId: e.invoiceId,
        transactionId: e.transactionId,
        amountMicro: -fee,
        occurredAt: e.occurredAt,
      });
    }
  }
  const netMicro = (grossCents - refundCents) * MICRO_PER_CENT - feeMicro;
  const shareMicro = platformShareMicro(netMicro, shareBasisPoints);
  if (shareMicro > 0) {
    lines.push({
      category: 'platform_share',
      description: `Platform share (${(shareBasisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}%)`,
      invoiceId: null,
      transactionId: null,
      amountMicro: -shareMicro,
      occurredAt: entries.at(-1)?.occurredAt ?? new Date(0),
    });
  }
  const totalMicro = netMicro - shareMicro + carryInMicro;
  const payoutCents = totalMicro > 0 ? Math.floor(totalMicro / MICRO_PER_CENT) : 0;
  return {
    grossCents,
    refundCents,
    providerFeeMicro: feeMicro,
    platformShareMicro: shareMicro,
    carryInMicro,
    carryOutMicro: totalMicro - payoutCents * MICRO_PER_CENT,
    payoutCents,
    lines,
  };
}

/** Micro to cents for display, rounded half away from zero (never -0). */
export function microToCents(micro: number): number {
  const cents = Math.sign(micro) * Math.round(Math.abs(micro) / MICRO_PER_CENT);
  return cents === 0 ? 0 : cents;
}

/** Micro as a plain number of dollars for a CSV (a spreadsheet sums it): up to 6 decimals, never "-0". */
export function microToDollars(micro: number): number {
  const dollars = Number((micro / 1_000_000).toFixed(6));
  return dollars === 0 ? 0 : dollars;
}

/**
 * The calendar month before the one containing `now` on the calendar of `zone` (the sub-admin's store zone,
 * billing/time-zones.ts): the period closed last. At 00:30 UTC on November 1 it is still October in Los Angeles.
 */
export function lastClosedPeriod(now: Date, zone: string = 'UTC'): { start: string; end: string } {
  return periodOfMonthKey(monthKeyInZone(now, zone), -1);
}

/** The month containing `now` on the calendar of `zone`: the open period. */
export function openPeriod(now: Date, zone: string = 'UTC'): { start: string; end: string } {
  return periodOfMonthKey(monthKeyInZone(now, zone), 0);
}

function periodOfMonthKey(month: string, offset: number): { start: string; end: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return periodOf(new Date(Date.UTC(y, m - 1 + offset, 1)));
}

/**
 * The instants a period of local dates covers in `zone`: from local midnight of its first day up to (not
 * including) local midnight after its last day.
 */
export function periodInstants(start: string, end: string, zone: string): { from: Date; to: Date } {
  return { from: midnightIn(start, zone), to: midnightIn(addDaysToDayKey(end, 1), zone) };
}

/** The month starting at `start` (YYYY-MM-01): its first and last day. */
export function periodOf(start: Date): { start: string; end: string } {
  const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0));
  return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
}

import type { PayoutLineCategory } from '../schema/payouts';
/** 1 cent = 10,000 micro: the platform's share is computed exactly in micro, never floats. */
export declare const MICRO_PER_CENT = 10000;
/** The platform's share of a sub-admin's net revenue when their plan sets none: 20%. */
export declare const DEFAULT_PAYOUT_SHARE_BASIS_POINTS = 2000;
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
export declare function platformShareMicro(netMicro: number, basisPoints: number): number;
/**
 * One period's payout:
 *   net      = gross (subscriptions, mailbox fees, forwards, shipping margin) − refunds − provider fees
 *   share    = net × share basis points / 10,000 (0 when net ≤ 0)
 *   total    = net − share + carry-in (what the previous period left over)
 *   payout   = total floored to whole cents (0 when total < 0); the rest (the sub-cent remainder, or a negative
 *              total) is carried to the next period.
 */
export declare function computePayout(entries: LedgerEntry[], shareBasisPoints: number, carryInMicro: number): ComputedPayout;
/** Micro to cents for display, rounded half away from zero (never -0). */
export declare function microToCents(micro: number): number;
/**
 * Money in micro as the statement prints it: dollars with cents, and the sub-cent digits only when there are any
 * (a share of a cent carried to the next period), so the printed terms add up to the payout exactly. A negative
 * amount reads "−$1.23"; nothing ever prints as "$-0.00".
 */
export declare function formatMicro(micro: number): string;
/** Micro as a plain number of dollars for a CSV (a spreadsheet sums it): up to 6 decimals, never "-0". */
export declare function microToDollars(micro: number): number;
/** The calendar month (UTC) before the one containing `now`: the period closed last. */
export declare function lastClosedPeriod(now: Date): {
    start: string;
    end: string;
};
/** The month starting at `start` (YYYY-MM-01): its first and last day. */
export declare function periodOf(start: Date): {
    start: string;
    end: string;
};

import type { Db } from '../../../db/client';
import type { PaymentProvider } from '../../../integrations/payments/payment-provider';
import { type LedgerEntry } from './payout-math';
/**
 * The ledger of one sub-admin for one period, read from invoices, transactions and shipments only, so a payout
 * can always be recomputed and checked: invoices paid in the period, refunds made in the period (a refund of an
 * invoice paid in an earlier, closed period lands here, in the period it was made).
 */
export declare function ledgerFor(db: Db, subAdminId: string, start: string, end: string): Promise<LedgerEntry[]>;
/** The platform's share on the sub-admin's current plan (basis points), or the documented default. */
export declare function shareBasisPointsOf(db: Db, subAdminId: string): Promise<number>;
/**
 * Computes and stores one sub-admin's payout for a closed period, once. A second run finds the row (unique
 * (sub_admin_user_id, period_start)) and changes nothing. Returns whether a payout was written.
 */
export declare function closePeriodFor(db: Db, subAdminId: string, start: string, end: string): Promise<boolean>;
/**
 * Asks the card provider what it kept of each succeeded charge of the sub-admin's period that has no fee on record
 * yet, and records it (one provider call per charge, no transaction open). Answers how many are still unknown.
 */
export declare function recordProviderFees(db: Db, payments: Pick<PaymentProvider, 'chargeFee'>, subAdminId: string, start: string, end: string): Promise<number>;
/**
 * The payout job: last month's payout for every sub-admin (idempotent; safe to run any number of times). A period
 * closes once the provider has told its fees on every charge of it; otherwise that sub-admin waits for the next run.
 */
export declare function runPayoutJob(db: Db, payments: Pick<PaymentProvider, 'chargeFee'>, now?: Date): Promise<{
    written: number;
    waiting: number;
}>;
/** The payout so far of the open period (the dashboard's figure): computed, never stored. */
export declare function currentPeriodEstimate(db: Db, subAdminId: string, now?: Date): Promise<{
    periodStart: string;
    periodEnd: string;
    payoutCents: number;
}>;
/** Runs the payout job every `intervalSeconds` (PAYOUT_JOBS_INTERVAL_SECONDS); returns a stop function. */
export declare function startPayoutRunner(db: Db, payments: Pick<PaymentProvider, 'chargeFee'>, intervalSeconds: number, log: (err: unknown) => void): () => void;

import type { Db } from '../../../db/client';
import type { InvoiceLine } from '../../billing/schema/invoices';
import type { MailContext } from './mail-context';
export interface MailJobsReport {
    storageFeeRows: number;
    feeWarnings: number;
    purged: number;
    invoices: {
        userId: string;
        invoiceId: string;
        totalCents: number;
        paid: boolean;
    }[];
}
/**
 * One run of the mail jobs. Each step is safe to run twice and from several processes at once:
 * - storage fees: one row per item and day, inserted with ON CONFLICT DO NOTHING on the unique
 *   (item, kind, day) key, so a second run (or a second process) adds nothing;
 * - "fees start in 5 days": claimed by one UPDATE ... RETURNING on fee_warning_sent_at, so each item is told once;
 * - trash emptying: one UPDATE ... RETURNING on purged_at;
 * - monthly usage invoices: per user under billing's advisory lock, fee rows claimed FOR UPDATE SKIP LOCKED and
 *   stamped with the invoice in the same transaction, then paid through the ledger's one charge path (after the
 *   commit: the invoice is written once, its payment is a purchase of its own that recovery finishes).
 */
export declare function runMailJobs(ctx: MailContext): Promise<MailJobsReport>;
/** Storage fee rows for each started day after the free period, up to now or the end of storage. */
export declare function accrueStorageFees(db: Db, now: Date): Promise<number>;
/**
 * One line per item and fee kind, naming the item and what the fee is for: "Storage, M-1000007, 12 days × $1.00".
 * Days at different rates (a plan change) get a line each.
 */
export declare function usageLines(fees: {
    kind: string;
    amountCents: number;
    itemNumber: number;
    mailItemId: string;
}[]): InvoiceLine[];
/** Runs the mail jobs every `intervalSeconds` until stopped (server.ts; one timer per process is safe). */
export declare function startMailJobsRunner(ctx: MailContext, intervalSeconds: number): () => void;

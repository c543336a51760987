import type { Db } from '../../../db/client';
import { type TransactionRow } from '../schema/transactions';
import type { PaymentProvider } from '../../../integrations/payments/payment-provider';
/** A refund left pending longer than this (its process died) is sent again with the same key by recovery. */
export declare const REFUND_STALE_MS = 60000;
/** A refund's request key names the charge it refunds (so recovery can find it) and why, e.g. `shipment-void:<id>`. */
export declare const refundRequestKey: (chargeTransactionId: string, reason: string) => string;
export interface RefundContext {
    db: Db;
    payments: PaymentProvider;
    now: () => Date;
}
export type RefundOutcome = {
    status: 'succeeded' | 'pending';
    transaction: TransactionRow;
} | {
    status: 'failed';
    transaction: TransactionRow | null;
    message: string;
};
/**
 * Refunds `amountCents` of a succeeded card charge, the same way charges move (ledger/charge.ts): reserve → refund →
 * record. The reservation (a `refund` transaction, pending, under `requestKey`) is written in a short transaction under
 * the billing lock; the provider is called with no lock held, with the reservation's idempotency key, so a retry after
 * a lost answer never refunds twice; the answer is recorded on the reservation. A request key already refunded answers
 * that refund. A reservation left pending (the process died) is finished by `recoverPendingRefunds`.
 */
export declare function refundCharge(ctx: RefundContext, input: {
    charge: TransactionRow;
    amountCents: number;
    reason: string;
    description: string;
}): Promise<RefundOutcome>;
/**
 * Finishes refunds left pending longer than REFUND_STALE_MS: the provider is asked again with the same
 * idempotency key, which answers the first refund if it was made and makes it if it was not.
 */
export declare function recoverPendingRefunds(ctx: RefundContext): Promise<number>;

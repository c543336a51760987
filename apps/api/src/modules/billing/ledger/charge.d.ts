import type { Db } from '../../../db/client';
import { type IntentJson, type PaymentIntentRow } from '../schema/payment-intents';
import type { LedgerContext, Purpose } from './purposes';
export declare const NO_CUSTOMER_MESSAGE = "No customer id found. Please add a card to continue.";
export declare const NO_DEFAULT_CARD_MESSAGE = "No default payment method found. Please add a card to continue.";
export declare const IDEMPOTENCY_MISMATCH_MESSAGE = "This Idempotency-Key was already used for a different request. Send a new key for a new request.";
export declare const INTENT_IN_PROGRESS_MESSAGE = "This payment is already in progress. Try again in a moment.";
export declare const PROVIDER_UNAVAILABLE_MESSAGE = "The payment provider did not answer. Your payment is checked and completed or cancelled within two minutes; nothing is charged twice.";
export declare const INTERRUPTED: {
    code: string;
    message: string;
};
/** A pending intent older than this is taken as interrupted (its process died) and settled by asking the provider. */
export declare const INTENT_STALE_MS = 60000;
/** One purchase as a caller asks for it. */
export interface IntentRequest<I> {
    purpose: Purpose<I>;
    /** Who pays. */
    userId: string;
    /** The purchase's identity: a retry carries the same key (the client's Idempotency-Key, or one derived). */
    requestKey: string;
    /** What was asked, as the client sent it: the same key with another body is refused (422), as Stripe does. */
    body: unknown;
    input: I;
}
export type ChargeOutcome = {
    status: 'succeeded';
    intent: PaymentIntentRow | null;
    result: IntentJson;
    replayed: boolean;
} | {
    status: 'failed';
    intent: PaymentIntentRow;
    code: string;
    message: string;
};
/** A canonical hash of a request body (keys sorted), to tell a retry from another request under the same key. */
export declare function bodyHash(body: unknown): string;
type Opened = {
    kind: 'opened';
    intent: PaymentIntentRow;
} | {
    kind: 'settled';
    outcome: ChargeOutcome;
} | {
    kind: 'in-flight';
    intent: PaymentIntentRow;
};
/**
 * Phase 1, inside the caller's transaction: answers a purchase already made, or commits its intent (and the card
 * attempt with the exact parameters the provider will get). The caller's transaction must commit before
 * `driveIntent` runs; jobs that create what they charge (a renewal's invoice) call this inside their own.
 */
export declare function openIntent<I>(tx: Db, ctx: LedgerContext, request: IntentRequest<I>): Promise<Opened>;
/**
 * THE way money is taken: labels, forwards, quote approvals, plan purchases and top-ups, renewals, invoice payments
 * and the charge on approval all come here. Commit the intent → buy from the carrier, if the purpose does → charge
 * the card with the intent's key and frozen parameters → record the outcome and what it paid for in one
 * transaction. No database transaction is open during a provider call. A retry (same request key and body) answers
 * the first purchase; the same key with another body is refused with 422. `actor` is who asked (logged).
 */
export declare function charge<I>(ctx: LedgerContext, actor: {
    userId: string;
} | null, request: IntentRequest<I>): Promise<ChargeOutcome>;
/** Phases 2 and 3 for a committed intent: the carrier, the card, then the record. */
export declare function driveIntent(ctx: LedgerContext, committed: PaymentIntentRow): Promise<ChargeOutcome>;
/**
 * Settles one intent left behind (its process died, or the provider did not answer): asks the carrier what it sold
 * for it and the card provider what became of its key, then finishes it (both went through) or undoes it (the
 * card is refunded, the label voided), exactly as the live path would have.
 */
export declare function recoverIntent(ctx: LedgerContext, intent: PaymentIntentRow): Promise<void>;
/**
 * The recovery job (the billing runner calls it every tick): every intent pending for longer than INTENT_STALE_MS is
 * finished or undone, and every failed purchase still holding a label gets it voided. Answers how many it touched.
 */
export declare function recoverIntents(ctx: LedgerContext, { limit }?: {
    limit?: number | undefined;
}): Promise<number>;
/** The newest succeeded purchase of a user whose request key starts with `prefix` (a keyless retry window). */
export declare function findLatestSucceededIntent(db: Db, userId: string, prefix: string): Promise<PaymentIntentRow | undefined>;
/** Links a charge to the invoice its purchase wrote (the invoice is made after the charge). */
export declare function linkChargeToInvoice(tx: Db, transactionId: string, invoiceId: string): Promise<void>;
export {};

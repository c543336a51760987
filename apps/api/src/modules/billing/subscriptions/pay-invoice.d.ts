import { type MySubscription } from '@postwise/shared/billing';
import type { UserRow } from '../../identity/schema/users';
import type { BillingContext } from '../charges/billing-context';
import { type ChargeOutcome } from '../ledger/charge';
import type { LedgerContext, Purpose } from '../ledger/purposes';
import { type PeriodValidity } from './state-machine';
export declare const INVOICE_BEING_PAID = "This invoice is already being paid. Try again in a moment.";
export declare const INVOICE_VOID = "This invoice is void and cannot be paid.";
/** A renewal's charge: on success the next period starts, on failure the subscription is past due. */
export interface RenewalPayload {
    subscriptionId: string;
    planId: string;
    validity: PeriodValidity;
    scanCount: number;
}
interface InvoicePaymentInput {
    invoiceId: string;
    renewal?: RenewalPayload;
}
/**
 * Paying an open invoice (the Pay button, Resume, the mail usage invoice, a renewal). Opening the intent freezes the
 * invoice (`paying_intent_id`): the card is charged its total as it stands then, and anything billed meanwhile goes
 * onto the next open invoice (pay-later labels skip a frozen invoice). On success the invoice is paid for exactly
 * that total; on failure it is unfrozen and stays open.
 */
export declare const invoicePaymentPurpose: Purpose<InvoicePaymentInput>;
/** Tells the customer their renewal was not paid and where to pay it. */
export declare function notifyRenewalFailed(ctx: LedgerContext, userId: string, planId: string, reason: string): Promise<void>;
/** The request key of paying an invoice: one purchase per invoice (a retry after a decline is its next attempt). */
export declare const invoiceRequestKey: (invoiceId: string) => string;
/** Pays one open invoice of `userId` with the default card through the ledger. */
export declare function chargeInvoice(ctx: BillingContext, userId: string, invoiceId: string): Promise<ChargeOutcome>;
/** Pays one open invoice; answers the decline, or null when it is paid (also when it already was). */
export declare function payOpenInvoice(ctx: BillingContext, userId: string, invoiceId: string): Promise<{
    code: string;
    message: string;
} | null>;
/**
 * POST subscriptions/resume: pays every open invoice of the subscription with the default card (each its own
 * purchase, charged at most once) and reactivates it. A cancelled subscription without open invoices is billed one
 * new period. Already active: answers the subscription as it is.
 */
export declare function resumeSubscription(ctx: BillingContext, user: UserRow): Promise<MySubscription>;
export {};

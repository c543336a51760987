import type { Db } from '../../../db/client';
import { type InvoiceLine } from '../../billing/schema/invoices';
export declare const PAY_LATER_LIMIT_MESSAGE = "Ship now, pay later is over your credit limit. Please pay by card.";
export declare function findShippingAccount(db: Db, userId: string): Promise<{
    userId: string;
    creditLimitCents: number;
    creditBalanceCents: number;
    updatedAt: Date;
} | {
    userId: string;
    creditLimitCents: number;
    creditBalanceCents: number;
}>;
/** What the customer owes on open pay-later invoices (shipments not yet paid). */
export declare function outstandingPayLaterCents(db: Db, userId: string): Promise<number>;
/**
 * Pay later is allowed up to the credit limit the admin set for the customer (0 by default: not allowed). Checked
 * under the customer's billing lock when the sale opens, so two sales at once never pass the limit together.
 */
export declare function assertPayLaterAllowed(db: Db, userId: string, priceCents: number, exceptIntentId?: string | null): Promise<void>;
/**
 * Adds a pay-later shipment to the customer's open shipping invoice of this month (creating it), inside the
 * caller's transaction, which holds the customer's billing lock. An invoice being paid is frozen: the line goes
 * onto a new open invoice instead, so what the card is charged is exactly the total it was asked for.
 */
export declare function addToMonthlyInvoice(tx: Db, input: {
    userId: string;
    shipmentId: string;
    line: InvoiceLine;
    now: Date;
}): Promise<string>;
/** Takes a voided pay-later shipment off its invoice while that invoice is still open. */
export declare function removeFromOpenInvoice(tx: Db, shipment: {
    id: string;
    uniqueId: string;
}, now: Date): Promise<boolean>;

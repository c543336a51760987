import type { MailItem } from '@postwise/shared/mail-api';
import type { ReceiveMailInput } from '@postwise/shared/schemas/mail';
import type { MailContext } from './mail-context';
import { type Viewer } from './mail-records';
export interface Photo {
    body: Buffer;
    contentType: string;
}
export declare function senderKey(sender: string): string;
export declare function feeDate(at: Date): string;
/**
 * POST mailboxes/{id}/labels: logs one item received at the store. Refused (409 MAILBOX_NOT_RECEIVING, with the
 * reason and what to do) for a closed or cancelled box or one whose Form 1583 application is not approved (USPS
 * CMRA rule). Fees are fixed now from the holder's plan: receiving fees as fee rows of today, the storage clock
 * on the item. Mail from a sender the customer always junks arrives as junked. The customer is notified.
 */
export declare const INTAKE_KEY_REUSED = "This Idempotency-Key was already used for another item. Send a new key for each item received.";
export declare function receiveMail(ctx: MailContext, me: Viewer, mailboxId: string, input: ReceiveMailInput, photos: Photo[], intakeKey?: string): Promise<MailItem>;

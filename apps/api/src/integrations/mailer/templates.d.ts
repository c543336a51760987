import type { MailMessage } from './mailer';
/**
 * The product's e-mails: each returns subject, HTML and text. The HTML is a single centred card
 * with inline styles (mail clients ignore stylesheets); every dynamic value is escaped.
 */
export declare function escapeHtml(value: string): string;
export declare function verificationCodeEmail(to: string, code: string, minutesValid: number): MailMessage;
export declare function passwordResetCodeEmail(to: string, code: string, minutesValid: number): MailMessage;
export declare function welcomeEmail(to: string, name: string, loginUrl: string): MailMessage;
export declare function mailboxApplicationReceivedEmail(to: string, name: string): MailMessage;
export declare function invitationEmail(to: string, inviterName: string, registerUrl: string): MailMessage;
/**
 * Someone registered with an e-mail that already has an account (issue 9): the account is left as it is and
 * its owner hears about it, instead of the form saying "already exists" to whoever typed the address.
 */
export declare function existingAccountEmail(to: string, links: {
    loginUrl: string;
    forgotUrl: string;
}, invited: boolean): MailMessage;
export declare function contactMessageEmail(to: string, from: {
    name: string;
    email: string;
    message: string;
}): MailMessage;
export declare function paymentFailedEmail(to: string, input: {
    name: string;
    planName: string;
    amount: string;
    reason: string;
    invoicesUrl: string;
}): MailMessage;
export declare function mailboxApprovedEmail(to: string, name: string, address: string, loginUrl: string): MailMessage;
export declare function mailboxRejectedEmail(to: string, name: string, reason: string, loginUrl: string): MailMessage;
/** Tracking (issue 12): out for delivery, delivered or a delivery exception. */
export declare function shipmentStatusEmail(to: string, input: {
    uniqueId: string;
    statusLabel: string;
    receiverName: string;
    detail: string | null;
    trackUrl: string;
}): MailMessage;
/**
 * Mailbox notifications (issue 11): new mail, scan ready, request completed, quote changed, fees start soon,
 * pickup passcode. The same words as the in-app notification, plus a link to the item.
 */
export declare function mailNotificationEmail(to: string, input: {
    subject: string;
    heading: string;
    paragraphs: string[];
    code?: string;
    actionLabel: string;
    actionUrl: string;
}): MailMessage;
/** Sent once when a customer closes their account: what happens now and every invoice still due. */
export declare function accountClosedEmail(to: string, input: {
    name: string;
    invoicesDue: {
        number: string;
        amount: string;
        dueOn: string | null;
    }[];
    supportEmail: string;
}): MailMessage;
/** Sent once per paid purchase invoice (a plan bought now, or the first charge taken when an application is approved). */
export declare function purchaseReceiptEmail(to: string, input: {
    name: string;
    invoiceNumber: string;
    planName: string;
    amount: string;
    paidOn: string;
    renewsOn: string | null;
    cardLabel: string | null;
    invoicesUrl: string;
    pdf: Buffer;
}): MailMessage;
/** The plan chosen before approval could not be charged when the application was approved (decision 003). */
export declare function approvalChargeFailedEmail(to: string, input: {
    name: string;
    planName: string;
    amount: string;
    reason: string;
    buyUrl: string;
}): MailMessage;

/** An e-mail ready to send: both parts are always present (HTML for clients that render it, text for the rest). */
export interface MailMessage {
    to: string;
    subject: string;
    html: string;
    text: string;
    replyTo?: string;
    /** Files sent with the message (e.g. the invoice PDF of a receipt). */
    attachments?: MailAttachment[];
}
export interface MailAttachment {
    filename: string;
    contentType: string;
    content: Buffer;
}
/** A sent message as the outbox keeps it: attachments are stored as base64 so the record stays plain JSON. */
export interface SentMail extends Omit<MailMessage, 'attachments'> {
    id: string;
    from: string;
    createdAt: string;
    attachments?: {
        filename: string;
        contentType: string;
        size: number;
        contentBase64: string;
    }[];
}
export declare function storedAttachments(message: MailMessage): SentMail['attachments'];
/** Sends e-mail. Production: SMTP. Embedded default: the dev outbox. */
export interface Mailer {
    readonly kind: 'smtp' | 'outbox';
    send(message: MailMessage): Promise<SentMail>;
    close(): Promise<void>;
}
/** The dev outbox can also list what it holds (newest first). */
export interface OutboxReader {
    list(limit?: number): Promise<SentMail[]>;
}
export declare function isOutboxReader(mailer: Mailer): mailer is Mailer & OutboxReader;

/** An e-mail ready to send: both parts are always present (HTML for clients that render it, text for the rest). */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
}

export interface SentMail extends MailMessage {
  id: string;
  from: string;
  createdAt: string;
}

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

export function isOutboxReader(mailer: Mailer): mailer is Mailer & OutboxReader {
  return typeof (mailer as Partial<OutboxReader>).list === 'function';
}

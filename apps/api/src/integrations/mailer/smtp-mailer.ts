import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { type Mailer, type MailMessage, type SentMail, storedAttachments } from './mailer';

/** Production mailer: SMTP through nodemailer, e.g. SMTP_URL=smtps://user:pass@smtp.example.com:465. */
export function createSmtpMailer(opts: { url: string; from: string }): Mailer {
  // Short timeouts: a server that accepts the connection and never answers fails the attempt (the job queue
  // retries it) instead of holding a worker for nodemailer's default minutes.
  const transport = nodemailer.createTransport({
    url: opts.url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send(message: MailMessage): Promise<SentMail> {
      const info = await transport.sendMail({ from: opts.from, ...message });
      const { attachments, ...rest } = message;
      return {
        ...rest,
        ...(attachments?.length ? { attachments: storedAttachments(message) } : {}),
        id: typeof info.messageId === 'string' ? info.messageId : randomUUID(),
        from: opts.from,
        createdAt: new Date().toISOString(),
      };
    },
    async close() {
      transport.close();
    },
  };
}

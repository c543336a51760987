import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { type Mailer, type MailMessage, type SentMail, storedAttachments } from './mailer';

/** Production mailer: SMTP through nodemailer, e.g. SMTP_URL=smtps://user:pass@smtp.example.com:465. */
export function createSmtpMailer(opts: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(opts.url);
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

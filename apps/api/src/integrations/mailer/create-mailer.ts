import path from 'node:path';
import type { Mailer, OutboxReader } from './mailer';
import { createOutboxMailer } from './outbox-mailer';
import { createSmtpMailer } from './smtp-mailer';

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  isProduction: boolean;
}

/** SMTP when SMTP_URL is set; otherwise the dev outbox (refused in production, where mail must really leave). */
export function createMailer(opts: MailerOptions): Mailer & Partial<OutboxReader> {
  if (opts.smtpUrl) return createSmtpMailer({ url: opts.smtpUrl, from: opts.from });
  if (opts.isProduction) throw new Error('SMTP_URL is required in production');
  return createOutboxMailer({ dir: path.join(opts.dataDir, 'outbox'), from: opts.from });
}

import type { Db } from '../../db/client';
import type { JobDefinition, JobQueue } from '../../lib/job-queue';
import type { Mailer, MailMessage } from './mailer';

export const EMAIL_JOB = 'email';

/** A message as the job keeps it: plain JSON, attachments in base64. */
export interface QueuedMail extends Omit<MailMessage, 'attachments'> {
  attachments?: { filename: string; contentType: string; contentBase64: string }[];
}

export interface EmailJobData {
  message: QueuedMail;
}

export interface EmailOptions {
  /** The business write's transaction: the e-mail exists only if that write commits. */
  db?: Db;
  /** What makes this e-mail unique (e.g. `receipt:<invoice id>`): the same key is never sent twice. */
  key?: string;
}

/**
 * Every e-mail of the product goes through here: written to the job queue (in the caller's transaction when it
 * has one) and sent by the `email` job, so a request never waits on SMTP and an outage loses nothing.
 */
export class EmailQueue {
  constructor(private readonly jobs: Pick<JobQueue, 'send'>) {}

  async send(message: MailMessage, options: EmailOptions = {}): Promise<void> {
    const { attachments, ...rest } = message;
    const data: EmailJobData = {
      message: {
        ...rest,
        ...(attachments?.length
          ? {
              attachments: attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                contentBase64: a.content.toString('base64'),
              })),
            }
          : {}),
      },
    };
    await this.jobs.send(EMAIL_JOB, data, {
      ...(options.db ? { db: options.db } : {}),
      ...(options.key ? { key: options.key } : {}),
    });
  }
}

export interface EmailJobOptions {
  /** Longest wait between two attempts: once SMTP is back, every waiting e-mail goes within about this long. */
  maxRetryDelaySeconds: number;
  /** Host part of the Message-ID (the MAIL_FROM domain). */
  messageIdDomain: string;
}

/** Attempts over a day at the capped wait; after them the e-mail is `failed` on the super admin's Jobs page. */
export function emailRetryLimit(maxRetryDelaySeconds: number): number {
  return Math.ceil((24 * 3600) / Math.max(1, maxRetryDelaySeconds));
}

export function emailJob(mailer: Mailer, options: EmailJobOptions): JobDefinition<EmailJobData> {
  return {
    name: EMAIL_JOB,
    retryLimit: emailRetryLimit(options.maxRetryDelaySeconds),
    retryDelaySeconds: 2,
    maxRetryDelaySeconds: options.maxRetryDelaySeconds,
    // Longer than nodemailer's own timeouts (smtp-mailer.ts), so a silent server fails the attempt first.
    expireInSeconds: 120,
    batchSize: 10,
    // Two e-mails to one person arrive in the order they were written (a second code after the first).
    groupBy: ({ message }) => message.to.toLowerCase(),
    async handler({ message }, job) {
      const sent = await mailer.send({
        ...message,
        // One id per job: a retry after a crash between SMTP's answer and the job's completion carries the same
        // Message-ID, so a receiving server or client can tell it is the same message.
        messageId: `<${job.id}@${options.messageIdDomain}>`,
        ...(message.attachments?.length
          ? {
              attachments: message.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: Buffer.from(a.contentBase64, 'base64'),
              })),
            }
          : { attachments: undefined }),
      });
      return { to: message.to, subject: message.subject, sentId: sent.id };
    },
    // Codes, reset links and passcodes do not stay readable in the job table once they are sent.
    redact: ({ message }) => ({ message: { to: message.to, subject: message.subject } }),
  };
}

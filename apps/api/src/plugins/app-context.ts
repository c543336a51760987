import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { type Db, isDatabaseUnavailable } from '../db/client';
import { EmailQueue, emailJob } from '../integrations/mailer/email-queue';
import type { Mailer, OutboxReader } from '../integrations/mailer/mailer';
import type { FileStorage } from '../integrations/storage/file-storage';
import { BackgroundTasks } from '../lib/background';
import type { CounterStore } from '../lib/counter-store';
import { JobQueue } from '../lib/job-queue';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    counters: CounterStore;
    /** The transport the `email` job sends with; everything else sends through `emails`. */
    mailer: Mailer & Partial<OutboxReader>;
    /** E-mail through the job queue (in the caller's transaction when it has one). */
    emails: EmailQueue;
    /** The durable job queue: areas define their jobs before the app is ready; it starts then. */
    jobs: JobQueue;
    storage: FileStorage;
    background: BackgroundTasks;
  }
}

export interface AppContext {
  config: AppConfig;
  db: Db;
  counters: CounterStore;
  mailer: Mailer & Partial<OutboxReader>;
  storage: FileStorage;
}

function mailDomain(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'postwise.local';
}

/** What every route and service reaches through the Fastify instance: config, database, shared counters, mailer, job queue, file storage, background tasks. */
export const appContext = fp<AppContext>(
  async (app, opts) => {
    app.decorate('config', opts.config);
    app.decorate('db', opts.db);
    app.decorate('counters', opts.counters);
    app.decorate('mailer', opts.mailer);
    app.decorate('storage', opts.storage);
    const background = new BackgroundTasks(app.log);
    app.decorate('background', background);
    const jobs = new JobQueue({
      db: opts.db,
      log: app.log,
      pollIntervalMs: opts.config.jobs.pollIntervalMs,
      maintain: opts.config.jobs.pollIntervalMs > 0,
    });
    jobs.define(
      emailJob(opts.mailer, {
        maxRetryDelaySeconds: opts.config.jobs.emailMaxRetryDelaySeconds,
        messageIdDomain: mailDomain(opts.config.mail.from),
      }),
    );
    app.decorate('jobs', jobs);
    app.decorate('emails', new EmailQueue(jobs));
    app.addHook('onReady', async () => {
      await jobs.startWhenReachable(isDatabaseUnavailable);
    });
    // Before the database closes (onClose): running jobs finish, waiting ones stay queued for the next start.
    app.addHook('preClose', async () => {
      await background.idle();
      await jobs.stop();
    });
    app.addHook('onClose', async () => {
      await opts.mailer.close();
    });
  },
  { name: 'app-context' },
);

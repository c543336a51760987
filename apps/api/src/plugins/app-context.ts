import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import type { Mailer, OutboxReader } from '../integrations/mailer/mailer';
import type { FileStorage } from '../integrations/storage/file-storage';
import { BackgroundTasks } from '../lib/background';
import type { CounterStore } from '../lib/counter-store';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    counters: CounterStore;
    mailer: Mailer & Partial<OutboxReader>;
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

/** What every route and service reaches through the Fastify instance: config, database, shared counters, mailer, file storage, background tasks. */
export const appContext = fp<AppContext>(
  async (app, opts) => {
    app.decorate('config', opts.config);
    app.decorate('db', opts.db);
    app.decorate('counters', opts.counters);
    app.decorate('mailer', opts.mailer);
    app.decorate('storage', opts.storage);
    const background = new BackgroundTasks(app.log);
    app.decorate('background', background);
    app.addHook('onClose', async () => {
      await background.idle();
      await opts.mailer.close();
    });
  },
  { name: 'app-context' },
);

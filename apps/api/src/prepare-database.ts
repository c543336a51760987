import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import { createFileStorage } from './integrations/storage/create-storage';
import { countUsers } from './modules/identity';
import type { Database } from './db/client';
import { seedDemoData } from './demo/index';

export const CREATE_SUPER_ADMIN_HINT =
  "No user exists yet. Create the first super admin: npm run create-super-admin -- --email you@company.com --password '<a strong password>'";

/** Start-up work on the database: migrate, seed the demo data (embedded default), or explain the first step. */
export async function prepareDatabase(database: Database, config: AppConfig, log: FastifyBaseLogger): Promise<void> {
  await database.migrate();
  log.info({ driver: database.driver }, 'database migrated');
  if (config.seedDemo) {
    const storage = createFileStorage({ dataDir: config.dataDir, s3: config.s3 });
    await seedDemoData(database.db, { overwrite: false, storage });
    log.info('demo data seeded (password of every demo account: Demo1234!)');
  } else if ((await countUsers(database.db)) === 0) {
    log.warn(CREATE_SUPER_ADMIN_HINT);
  }
}

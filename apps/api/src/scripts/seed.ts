import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { seedDemoData } from '../demo/index';
import { createFileStorage } from '../integrations/storage/create-storage';

/** `npm run db:seed`: migrates, then adds the demo data or restores it to its demo values. */
const config = loadConfig();
if (config.isProduction) {
  console.error('Refusing to seed demo accounts with known passwords when NODE_ENV=production.');
  process.exit(1);
}
const database = await openDatabase(config);
try {
  await database.migrate();
  await seedDemoData(database.db, {
    overwrite: true,
    storage: createFileStorage({ dataDir: config.dataDir, s3: config.s3 }),
  });
  console.log(`Demo data seeded (${database.driver}). Every demo account's password is Demo1234!`);
} finally {
  await database.close();
}

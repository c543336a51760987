import { loadConfig } from '../config';
import { openDatabase } from '../db/client';

/** `npm run db:migrate`: applies the committed migrations to DATABASE_URL (or the embedded PGlite). */
const config = loadConfig();
const database = await openDatabase(config);
try {
  await database.migrate();
  console.log(`Migrations applied (${database.driver}).`);
} finally {
  await database.close();
}

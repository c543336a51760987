import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { isAppError } from '../lib/errors';
import { createSuperAdmin } from '../modules/identity';

/**
 * Creates the first super admin of a production database:
 *   npm run create-super-admin -- --email admin@company.com --password '<strong password>' [--name 'Jane Doe']
 * or with SUPER_ADMIN_EMAIL and SUPER_ADMIN_PASSWORD in the environment (keeps the password out of shell history).
 */
const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
});
const config = loadConfig();
const email = values.email ?? config.superAdmin.email;
const password = values.password ?? config.superAdmin.password;
if (!email || !password) {
  console.error(
    "Usage: npm run create-super-admin -- --email admin@company.com --password '<strong password>' [--name 'Jane Doe']\n" +
      '   or: SUPER_ADMIN_EMAIL=... SUPER_ADMIN_PASSWORD=... npm run create-super-admin',
  );
  process.exit(2);
}

const database = await openDatabase(config);
try {
  await database.migrate();
  const created = await createSuperAdmin(database.db, {
    email,
    password,
    ...(values.name ? { name: values.name } : {}),
  });
  console.log(`Super admin ${created.email} created (${database.driver}). Sign in at /login.`);
} catch (err) {
  console.error(isAppError(err) ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}

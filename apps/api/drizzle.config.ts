import { defineConfig } from 'drizzle-kit';

// Generation only needs the schema; migrations are applied by the app (src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/modules/*/schema/*.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
});

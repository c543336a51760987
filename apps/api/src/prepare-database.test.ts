import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { countUsers, findUserByEmail } from './modules/identity/users/service';
import { createTestDatabase } from './test/test-app';
import { CREATE_SUPER_ADMIN_HINT, prepareDatabase } from './prepare-database';
import { DEMO_USERS } from './demo/users';

function recordingLogger() {
  const lines: string[] = [];
  const record = (...args: unknown[]) => {
    lines.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
  };
  const logger = { info: record, warn: record, error: record, debug: record } as unknown as FastifyBaseLogger;
  return { logger, lines };
}

describe('prepareDatabase at start', () => {
  it('migrates and seeds the demo accounts on the embedded default', async () => {
    const database = await createTestDatabase({ migrate: false });
    try {
      const { logger } = recordingLogger();
      // A throwaway DATA_DIR: seeding also writes demo files (the specimen IDs of a mailbox application).
      const dataDir = mkdtempSync(path.join(tmpdir(), 'postwise-prepare-'));
      try {
        await prepareDatabase(database, loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }, {}), logger);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
      // The six demo accounts of the README, plus the customers other seeders add.
      expect(await countUsers(database.db)).toBeGreaterThanOrEqual(DEMO_USERS.length);
      for (const demo of DEMO_USERS) expect(await findUserByEmail(database.db, demo.email)).toBeDefined();
    } finally {
      await database.close();
    }
  });

  it('never seeds in production and says how to create the first super admin', async () => {
    const database = await createTestDatabase({ migrate: false });
    try {
      const { logger, lines } = recordingLogger();
      const config = loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true', DATABASE_URL: 'postgres://x/y' }, {});
      await prepareDatabase(database, config, logger);
      expect(await countUsers(database.db)).toBe(0);
      expect(lines).toContain(CREATE_SUPER_ADMIN_HINT);
    } finally {
      await database.close();
    }
  });
});

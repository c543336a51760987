import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import { type Database, MIGRATIONS_FOLDER, openPostgres } from './client';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase(); // already migrated once
});

afterAll(async () => {
  await database.close();
});

function journalEntries(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

describe('migrations', () => {
  it('create the tables of the foundation', async () => {
    const tables = await rows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['audit_log', 'profiles', 'sessions', 'users']),
    );
  });

  it('run again without error and without applying anything twice', async () => {
    await database.migrate();
    await database.migrate();
    const applied = await rows<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(applied[0]?.n).toBe(journalEntries());
  });

  it('migrate a fresh database once when several processes start together', async () => {
    const fresh = await createTestDatabase({ migrate: false });
    // On PostgreSQL each "process" has its own pool; the advisory lock lets one migrate while the others wait.
    // PGlite belongs to one process, so there the starts are sequential.
    const others = fresh.url ? [openPostgres(fresh.url), openPostgres(fresh.url)] : [];
    try {
      if (others.length) await Promise.all([fresh.migrate(), ...others.map((o) => o.migrate())]);
      else for (let i = 0; i < 3; i++) await fresh.migrate();
      const result = (await fresh.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as unknown as {
        rows: { n: number }[];
      };
      expect(result.rows[0]?.n).toBe(journalEntries());
    } finally {
      await Promise.all(others.map((o) => o.close()));
      await fresh.close();
    }
  });

  it('enforce one account per e-mail whatever its letter case', async () => {
    await database.db.execute(
      sql`insert into users (email, password_hash, role_code) values ('Case@Example.com', 'x', 'USER')`,
    );
    await expect(
      database.db.execute(
        sql`insert into users (email, password_hash, role_code) values ('case@example.COM', 'x', 'USER')`,
      ),
    ).rejects.toThrow();
  });

  it('derive full_name from personal for search', async () => {
    await database.db.execute(
      sql`insert into users (email, password_hash, role_code, personal) values ('named@example.com', 'x', 'USER', '{"fullName":"Ada B Lovelace"}')`,
    );
    const found = await rows<{ email: string }>(sql`select email from users where lower(full_name) like '%lovelace%'`);
    expect(found).toEqual([{ email: 'named@example.com' }]);
  });
});

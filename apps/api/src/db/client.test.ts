import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, pingDatabase } from './client';

const root = mkdtempSync(path.join(tmpdir(), 'postwise-pglite-'));

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('embedded PGlite', () => {
  it('keeps its data between restarts and refuses a second process meanwhile', async () => {
    const dir = path.join(root, 'pglite');
    const first = await openPglite(dir);
    await first.migrate();
    await first.db.execute(
      "insert into users (email, password_hash, role_code) values ('kept@example.com', 'x', 'USER')",
    );
    await expect(openPglite(dir)).rejects.toThrow(/in use by process/);
    await first.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);

    const reopened = await openPglite(dir);
    try {
      await reopened.migrate();
      await pingDatabase(reopened.db);
      const result = (await reopened.db.execute('select email from users')) as unknown as { rows: unknown[] };
      expect(result.rows).toEqual([{ email: 'kept@example.com' }]);
    } finally {
      await reopened.close();
    }
  });
});

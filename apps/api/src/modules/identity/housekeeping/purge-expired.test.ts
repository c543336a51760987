import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { oneTimeCodes } from '../schema/one-time-codes';
import { sessions } from '../schema/sessions';
import { users } from '../schema/users';
import { createTestDatabase } from '../../../test/test-app';
import { PURGE_BATCH_SIZE, purgeExpired } from './purge-expired';

const NOW = new Date('2026-06-01T12:00:00Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

let database: Database;
let userId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const [user] = await database.db
    .insert(users)
    .values({ email: 'purge@example.com', passwordHash: 'x', roleCode: 'USER' })
    .returning();
  userId = user!.id;
});

afterAll(async () => {
  await database.close();
});

function session(tokenHash: string, expiresAt: Date, revokedAt: Date | null = null) {
  return { userId, tokenHash, expiresAt, revokedAt, createdAt: minutes(-600), lastUsedAt: minutes(-600) };
}

function code(id: string, expiresAt: Date, extra: { consumedAt?: Date; revokedAt?: Date } = {}) {
  return { id, userId, purpose: 'forgot' as const, codeHash: 'h', salt: 's', expiresAt, ...extra };
}

describe('purgeExpired', () => {
  it('deletes sessions and codes dead for longer than the grace period, and keeps live and recent ones', async () => {
    await database.db
      .insert(sessions)
      .values([
        session('live', minutes(30)),
        session('expired-recently', minutes(-10)),
        session('expired-long-ago', minutes(-120)),
        session('revoked-long-ago', minutes(300), minutes(-90)),
      ]);
    const ids = {
      live: '00000000-0000-4000-8000-000000000001',
      expiredLongAgo: '00000000-0000-4000-8000-000000000002',
      consumedLongAgo: '00000000-0000-4000-8000-000000000003',
      revokedRecently: '00000000-0000-4000-8000-000000000004',
    };
    await database.db
      .insert(oneTimeCodes)
      .values([
        code(ids.live, minutes(5)),
        code(ids.expiredLongAgo, minutes(-61)),
        code(ids.consumedLongAgo, minutes(5), { consumedAt: minutes(-70) }),
        code(ids.revokedRecently, minutes(5), { revokedAt: minutes(-5) }),
      ]);

    expect(await purgeExpired(database.db, NOW, 60)).toEqual({ sessions: 2, oneTimeCodes: 2 });

    const left = await database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(left.map((s) => s.tokenHash).sort()).toEqual(['expired-recently', 'live']);
    const codes = await database.db.select({ id: oneTimeCodes.id }).from(oneTimeCodes);
    expect(codes.map((c) => c.id).sort()).toEqual([ids.live, ids.revokedRecently]);

    // Nothing left to purge: a second run (or another process) deletes nothing.
    expect(await purgeExpired(database.db, NOW, 60)).toEqual({ sessions: 0, oneTimeCodes: 0 });
  });

  it('purges more than one batch in a run', async () => {
    const count = PURGE_BATCH_SIZE + 7;
    const rows = Array.from({ length: count }, (_, i) => session(`batch-${i}`, minutes(-1000)));
    await database.db.insert(sessions).values(rows);
    expect((await purgeExpired(database.db, NOW, 60)).sessions).toBe(count);
    const left = await database.db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(inArray(sessions.tokenHash, ['batch-0', `batch-${count - 1}`]));
    expect(left).toEqual([]);
  });
});

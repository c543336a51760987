import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { users } from '../db/schema/users';
import { createTestDatabase } from '../test/test-app';
import { paged } from './paging';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(users).values(
    Array.from({ length: 23 }, (_, i) => ({
      email: `customer${String(i).padStart(2, '0')}@example.com`,
      passwordHash: 'x',
      roleCode: 'USER' as const,
    })),
  );
  await database.db.insert(users).values({ email: 'admin@example.com', passwordHash: 'x', roleCode: 'SUPER_ADMIN' });
});

afterAll(async () => {
  await database.close();
});

function customers(pageNo: number, pageSize: number) {
  const where = eq(users.roleCode, 'USER');
  return paged({
    page: { pageNo, pageSize },
    rows: (limit, offset) =>
      database.db.select().from(users).where(where).orderBy(asc(users.email)).limit(limit).offset(offset),
    count: () => database.db.$count(users, where),
    map: (row) => row.email,
  });
}

describe('paged', () => {
  it('answers the spec 7 paged envelope with the filtered total', async () => {
    const page = await customers(1, 10);
    expect(page).toMatchObject({ isSuccess: true, pageNo: 1, pageSize: 10, total: 23 });
    expect(page.items).toHaveLength(10);
    expect(page.items[0]).toBe('customer00@example.com');
  });

  it('pages with limit and offset in SQL', async () => {
    const last = await customers(3, 10);
    expect(last.items).toEqual(['customer20@example.com', 'customer21@example.com', 'customer22@example.com']);
    expect((await customers(4, 10)).items).toEqual([]);
  });
});

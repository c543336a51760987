import { type SQL, and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from './client';
import { faqs } from '../modules/platform/schema/faqs';
import { users } from '../modules/identity/schema/users';
import { createTestDatabase } from '../test/test-app';
import {
  ANCHOR_TTL_MS,
  clearAnchorCache,
  cachedCount,
  clearCountCache,
  COUNT_CACHE_TTL_MS,
  countRows,
  countsSettled,
  type ListTotal,
  EXACT_COUNT_LIMIT,
  type ListOrder,
  paged,
  pagedPrepared,
  plannedRows,
  listKey,
  statementName,
  preparedList,
} from './paging';
import { prefixRange, prefixSearchValues } from './prefix-search';

let database: Database;

/** An exact total as the counting functions answer it. */
const exact = (total: number) => ({ total, isEstimate: false });

/**
 * The first count of a filter above the limit: on PostgreSQL the planner's estimate may answer while the exact count
 * runs (at least the limit + 1, marked); once it lands, `count` answers the exact total.
 */
async function settled(count: () => Promise<ListTotal>): Promise<ListTotal> {
  const first = await count();
  if (!first.isEstimate) return first;
  expect(first.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
  await countsSettled();
  return count();
}

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

describe('paged with a seek', () => {
  it('finds the page through the keys subquery and loads only those rows, in one statement', async () => {
    const statements: string[] = [];
    const page = await paged({
      page: { pageNo: 2, pageSize: 3 },
      db: database.db,
      seek: {
        keys: (limit, offset) =>
          database.db
            .select({ email: users.email })
            .from(users)
            .where(eq(users.roleCode, 'USER'))
            .orderBy(asc(users.email))
            .limit(limit)
            .offset(offset),
        load: (keys) => {
          const query = database.db.select().from(users).where(inArray(users.email, keys)).orderBy(asc(users.email));
          statements.push(query.toSQL().sql);
          return query;
        },
      },
      count: database.db
        .select({ one: sql`1` })
        .from(users)
        .where(eq(users.roleCode, 'USER')),
      map: (row) => row.email,
    });
    expect(page).toEqual({
      isSuccess: true,
      items: ['customer03@example.com', 'customer04@example.com', 'customer05@example.com'],
      pageNo: 2,
      pageSize: 3,
      total: 23,
    });
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/"email" in \(select "email" from "users" .* limit \$\d+ offset \$\d+\)/);
  });
});

describe('countRows', () => {
  const query = () =>
    database.db
      .select({ one: sql`1` })
      .from(faqs)
      .where(eq(faqs.isPublished, true));

  beforeAll(async () => {
    clearCountCache();
    await database.db.execute(
      sql`insert into faqs (question, answer) select 'Q' || g, 'A' from generate_series(1, ${EXACT_COUNT_LIMIT + 50}) g`,
    );
  });

  it('is exact up to the limit', async () => {
    expect(await countRows(database.db, database.db.select({ one: sql`1` }).from(users))).toEqual(exact(24));
  });

  it('above the limit answers a cached exact count, recounted in the background once it is stale', async () => {
    const t0 = 1_000_000;
    expect(await settled(() => countRows(database.db, query(), () => t0))).toEqual(exact(EXACT_COUNT_LIMIT + 50));
    await database.db.execute(
      sql`insert into faqs (question, answer) select 'R' || g, 'A' from generate_series(1, 5) g`,
    );
    // Fresh: the cached total, without counting the table again.
    expect(await countRows(database.db, query(), () => t0 + 1000)).toEqual(exact(EXACT_COUNT_LIMIT + 50));
    // Stale: still answers at once, and the recount lands for the next page.
    const stale = () => t0 + COUNT_CACHE_TTL_MS + 1;
    expect(await countRows(database.db, query(), stale)).toEqual(exact(EXACT_COUNT_LIMIT + 50));
    await vi.waitFor(async () =>
      expect(await countRows(database.db, query(), stale)).toEqual(exact(EXACT_COUNT_LIMIT + 55)),
    );
  });

  it('a list that shrinks below the limit is counted exactly again once its cached total is refreshed', async () => {
    const t0 = 5_000_000;
    clearCountCache();
    expect(await settled(() => countRows(database.db, query(), () => t0))).toEqual(exact(EXACT_COUNT_LIMIT + 55));
    await database.db.execute(sql`update faqs set is_published = false where question like 'Q%'`);
    // Still the cached total while fresh (no capped count on the page's path) ...
    expect(await countRows(database.db, query(), () => t0 + 1000)).toEqual(exact(EXACT_COUNT_LIMIT + 55));
    // ... then the background recount lands, and from there the small list is counted exactly on each page.
    const stale = () => t0 + COUNT_CACHE_TTL_MS + 1;
    await vi.waitFor(async () => expect(await countRows(database.db, query(), stale)).toEqual(exact(5)));
    await database.db.execute(sql`insert into faqs (question, answer) values ('S1', 'A')`);
    expect(await countRows(database.db, query(), stale)).toEqual(exact(6));
  });
});

/** A count the test finishes when it chooses (Promise.withResolvers is Node 22). */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every settled promise's callbacks run. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('cachedCount: one count per total however many ask at once', () => {
  let n = 0;
  const freshKey = () => `test:count:${++n}`;

  it('32 concurrent requests for a cold large filter run one capped and one exact count, and get the estimate', async () => {
    const key = freshKey();
    const capped = vi.fn(() => Promise.resolve(EXACT_COUNT_LIMIT + 1));
    const counting = deferred<number>();
    const exactCount = vi.fn(() => counting.promise);
    const estimate = vi.fn(() => Promise.resolve(987_654.4));
    const answers = await Promise.all(
      Array.from({ length: 32 }, () => cachedCount(key, capped, exactCount, { estimate })),
    );
    expect(capped).toHaveBeenCalledTimes(1);
    expect(exactCount).toHaveBeenCalledTimes(1);
    expect(estimate).toHaveBeenCalledTimes(1);
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(
      new Set([JSON.stringify({ total: 987_654, isEstimate: true })]),
    );
    // Still counting: a later request gets the same estimate without counting anything.
    expect(await cachedCount(key, capped, exactCount, { estimate })).toEqual({ total: 987_654, isEstimate: true });
    counting.resolve(1_000_000);
    await countsSettled();
    // Landed: the exact total, from the cache, with no count at all.
    expect(await cachedCount(key, capped, exactCount, { estimate })).toEqual(exact(1_000_000));
    expect(capped).toHaveBeenCalledTimes(1);
    expect(exactCount).toHaveBeenCalledTimes(1);
  });

  it('an estimate never says the list is within the limit: below it (or without one) it answers the limit + 1', async () => {
    for (const estimate of [() => Promise.resolve(12), undefined, () => Promise.reject(new Error('no plan'))]) {
      const key = freshKey();
      const counting = deferred<number>();
      const answer = await cachedCount(
        key,
        () => Promise.resolve(EXACT_COUNT_LIMIT + 1),
        () => counting.promise,
        estimate ? { estimate } : {},
      );
      expect(answer).toEqual({ total: EXACT_COUNT_LIMIT + 1, isEstimate: true });
      counting.resolve(EXACT_COUNT_LIMIT + 7);
      await countsSettled();
    }
  });

  it('answers the exact total when it comes back before the estimate', async () => {
    const planning = deferred<number>();
    const answer = await cachedCount(
      freshKey(),
      () => Promise.resolve(EXACT_COUNT_LIMIT + 1),
      () => Promise.resolve(20_000),
      { estimate: () => planning.promise },
    );
    expect(answer).toEqual(exact(20_000));
    planning.resolve(19_000);
  });

  it('a failed first count answers the estimate, and the next request counts again', async () => {
    const key = freshKey();
    const exactCount = vi
      .fn<() => Promise<number>>()
      .mockRejectedValueOnce(new Error('canceling statement due to statement timeout'))
      .mockResolvedValue(50_000);
    const options = { estimate: () => Promise.resolve(48_000) };
    const cappedAbove = () => Promise.resolve(EXACT_COUNT_LIMIT + 1);
    expect(await cachedCount(key, cappedAbove, exactCount, options)).toEqual({ total: 48_000, isEstimate: true });
    await countsSettled();
    await flush();
    // Nothing was cached: the next request counts again (and this time the count lands first or soon after).
    const again = await cachedCount(key, cappedAbove, exactCount, options);
    await countsSettled();
    expect(exactCount).toHaveBeenCalledTimes(2);
    expect(again.total === 48_000 || again.total === 50_000).toBe(true);
    expect(await cachedCount(key, cappedAbove, exactCount, options)).toEqual(exact(50_000));
  });

  it('a small total is exact on every call; concurrent requests share the capped count in flight', async () => {
    const key = freshKey();
    let rows = 37;
    const capped = vi.fn(async () => rows);
    const exactCount = vi.fn(async () => rows);
    expect(await cachedCount(key, capped, exactCount)).toEqual(exact(37));
    rows = 38;
    expect(await cachedCount(key, capped, exactCount)).toEqual(exact(38));
    expect(capped).toHaveBeenCalledTimes(2);
    const answers = await Promise.all(Array.from({ length: 32 }, () => cachedCount(key, capped, exactCount)));
    expect(answers).toEqual(Array.from({ length: 32 }, () => exact(38)));
    expect(capped).toHaveBeenCalledTimes(3);
    // Settled counts are not reused: the next request counts again.
    rows = 39;
    expect(await cachedCount(key, capped, exactCount)).toEqual(exact(39));
    expect(exactCount).not.toHaveBeenCalled();
  });

  it('a request that must find its page with its count (shareCapped: false) runs its own capped count', async () => {
    const key = freshKey();
    const capped = vi.fn(async () => 5);
    await Promise.all(Array.from({ length: 4 }, () => cachedCount(key, capped, capped, { shareCapped: false })));
    expect(capped).toHaveBeenCalledTimes(4);
  });

  it("reads the planner's rows from EXPLAIN (FORMAT JSON), as the driver gives it or as text", () => {
    const plan = [{ Plan: { 'Node Type': 'Seq Scan', 'Plan Rows': 998_123 } }];
    expect(plannedRows(plan)).toBe(998_123);
    expect(plannedRows(JSON.stringify(plan))).toBe(998_123);
    expect(plannedRows(undefined)).toBe(0);
    expect(plannedRows([{}])).toBe(0);
  });
});

describe('pagedPrepared', () => {
  const customerList = () =>
    preparedList<{ email: string }>(database.db, 'test:customers', {}, () => ({
      from: users,
      where: eq(users.roleCode, sql.placeholder('role')),
      key: users.id,
      order: [[users.email, 'asc']],
      load: (keys) => database.db.select({ email: users.email }).from(users).where(inArray(users.id, keys)),
    }));

  it('pages through the keys, then loads those rows, with the exact total of the bound filter', async () => {
    const page = (pageNo: number) =>
      pagedPrepared(customerList(), { role: 'USER' }, { pageNo, pageSize: 10 }, (row) => row.email);
    expect(await page(1)).toMatchObject({ isSuccess: true, pageNo: 1, pageSize: 10, total: 23 });
    expect((await page(3)).items).toEqual([
      'customer20@example.com',
      'customer21@example.com',
      'customer22@example.com',
    ]);
    // Past the last page: no rows, and the total is still counted (on its own, without keys to carry it).
    expect(await page(4)).toMatchObject({ items: [], total: 23 });
    // The same statements bound to another value.
    const admins = await pagedPrepared(
      customerList(),
      { role: 'SUPER_ADMIN' },
      { pageNo: 1, pageSize: 10 },
      (r) => r.email,
    );
    expect(admins).toMatchObject({ items: ['admin@example.com'], total: 1 });
  });

  const faqList = (key: string, order: ListOrder) =>
    preparedList<{ question: string }>(database.db, key, {}, () => ({
      from: faqs,
      where: undefined,
      key: faqs.id,
      order,
      load: (keys) => database.db.select({ question: faqs.question }).from(faqs).where(inArray(faqs.id, keys)),
    }));
  const byQuestion: ListOrder = [
    [faqs.question, 'asc'],
    [faqs.id, 'asc'],
  ];
  /** The page as plain LIMIT / OFFSET reads it now. */
  const expectedPage = async (pageNo: number, pageSize: number, descending = false) =>
    (
      await database.db
        .select({ question: faqs.question })
        .from(faqs)
        .orderBy(...(descending ? [desc(faqs.question), desc(faqs.id)] : [asc(faqs.question), asc(faqs.id)]))
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
    ).map((row) => row.question);

  it('above the limit reads the keys on their own and answers the cached total', async () => {
    const list = faqList('test:faqs', byQuestion);
    clearCountCache();
    const all = await database.db.$count(faqs);
    expect(all).toBeGreaterThan(EXACT_COUNT_LIMIT);
    const page = () => pagedPrepared(list, {}, { pageNo: 2, pageSize: 3 }, (row) => row.question);
    const estimated = await page();
    expect(estimated.items).toEqual(await expectedPage(2, 3));
    await countsSettled();
    const first = await page();
    const again = await page();
    expect(first.total).toBe(all);
    expect(first.totalIsEstimate).toBeUndefined();
    expect(again).toEqual(first);
    expect(first.items).toEqual(await expectedPage(2, 3));
  });

  it('32 concurrent requests at a cold list above the limit count it exactly once', async () => {
    const list = faqList('test:faqs:cold', byQuestion);
    clearCountCache();
    const exactCount = vi.spyOn(list.exact, 'execute');
    const estimate = vi.spyOn(list.estimate, 'execute');
    const all = await database.db.$count(faqs);
    const pages = await Promise.all(
      Array.from({ length: 32 }, (_, i) =>
        pagedPrepared(list, {}, { pageNo: 1 + (i % 4), pageSize: 10 }, (row) => row.question),
      ),
    );
    for (const [i, page] of pages.entries()) {
      expect(page.items).toEqual(await expectedPage(1 + (i % 4), 10));
      // Exact, or (PostgreSQL, while the count runs) the planner's estimate, marked.
      if (page.totalIsEstimate) expect(page.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
      else expect(page.total).toBe(all);
    }
    await countsSettled();
    expect(exactCount).toHaveBeenCalledTimes(1);
    expect(estimate).toHaveBeenCalledTimes(1);
    const later = await pagedPrepared(list, {}, { pageNo: 1, pageSize: 10 }, (row) => row.question);
    expect(later).toMatchObject({ total: all });
    expect(later.totalIsEstimate).toBeUndefined();
    expect(exactCount).toHaveBeenCalledTimes(1);
  });

  it('estimates a large total from the plan of its filters', async () => {
    const published = preparedList<{ question: string }>(database.db, 'test:faqs:estimate', {}, () => ({
      from: faqs,
      where: eq(faqs.isPublished, sql.placeholder('published')),
      key: faqs.id,
      order: byQuestion,
      load: (keys) => database.db.select({ question: faqs.question }).from(faqs).where(inArray(faqs.id, keys)),
    }));
    await database.db.execute(sql`analyze faqs`);
    // The planner's figure for the bound value (most FAQs here are unpublished): near each count, not a constant.
    for (const value of [true, false]) {
      const counted = await database.db.$count(faqs, eq(faqs.isPublished, value));
      const estimated = await published.estimate.execute({ published: value });
      expect(estimated, `published = ${value}`).toBeGreaterThanOrEqual(Math.floor(counted * 0.5));
      expect(estimated, `published = ${value}`).toBeLessThanOrEqual(Math.ceil(counted * 1.5) + 1);
    }
  });

  it('reads deep pages from anchors, in either direction, with the rows LIMIT / OFFSET reads', async () => {
    clearAnchorCache();
    const ascending = faqList('test:faqs:anchored', byQuestion);
    const descending = faqList('test:faqs:anchored:desc', [
      [faqs.question, 'desc'],
      [faqs.id, 'desc'],
    ]);
    expect(ascending.anchored?.columns).toBe(2);
    const statements = vi.spyOn(ascending.anchored!.anchorAt, 'execute');
    const chained = vi.spyOn(ascending.anchored!.anchorFrom, 'execute');
    const topDown = vi.spyOn(ascending.keys, 'execute');
    // Page 2,000 (offset 19,990 of ~10,055 rows) is past the end; pages around several anchors are not.
    for (const [pageNo, pageSize] of [
      [51, 10], // offset 500: the first anchor itself
      [70, 10],
      [101, 10], // offset 1,000: the next anchor, from the one before it
      [167, 6],
      [1006, 10], // the last page (10,055 rows)
      [2000, 10],
    ] as const) {
      const page = await pagedPrepared(ascending, {}, { pageNo, pageSize }, (row) => row.question);
      expect(page.items, `page ${pageNo}`).toEqual(await expectedPage(pageNo, pageSize));
      const reversed = await pagedPrepared(descending, {}, { pageNo, pageSize }, (row) => row.question);
      expect(reversed.items, `page ${pageNo} descending`).toEqual(await expectedPage(pageNo, pageSize, true));
    }
    expect(topDown).not.toHaveBeenCalled();
    // One anchor read from the top (row 500); every later one from the nearest anchor before it: 1,000 from 500,
    // 10,000 from 1,000, and 19,500 from 10,000 (past the end: an empty page, remembered as such).
    expect(statements).toHaveBeenCalledTimes(1);
    expect(chained.mock.calls.map(([values]) => values?.offset)).toEqual([500, 9000, 9500]);
  });

  it('answers the same deep page from its cached anchor until the anchor is stale', async () => {
    clearAnchorCache();
    const list = faqList('test:faqs:stale', byQuestion);
    const t0 = 9_000_000;
    const deep = (now: number) =>
      pagedPrepared(
        list,
        {},
        { pageNo: 80, pageSize: 10 },
        (row) => row.question,
        () => now,
      );
    const before = await deep(t0);
    expect(before.items).toEqual(await expectedPage(80, 10));
    // A row sorted before the anchor: the cached anchor keeps the page where it was ...
    await database.db.insert(faqs).values({ question: ' first', answer: 'A' });
    expect((await deep(t0 + 1000)).items).toEqual(before.items);
    // ... until the anchor is found again.
    const fresh = await deep(t0 + ANCHOR_TTL_MS + 1);
    expect(fresh.items).toEqual(await expectedPage(80, 10));
    expect(fresh.items).not.toEqual(before.items);
    await database.db.delete(faqs).where(eq(faqs.question, ' first'));
  });

  it('a narrow list pages and counts its matches in one pass, and past the limit reads the page by its index', async () => {
    clearCountCache();
    const narrowList = (key: string, where: SQL | undefined) =>
      preparedList<{ question: string }>(database.db, key, {}, () => ({
        from: faqs,
        where,
        key: faqs.id,
        order: byQuestion,
        narrow: true,
        load: (keys) => database.db.select({ question: faqs.question }).from(faqs).where(inArray(faqs.id, keys)),
      }));
    // 'Q12%': Q12, Q120..Q129, Q1200..Q1299, ... (111 + 1,000 + ... of the seeded FAQs).
    const search = narrowList('test:faqs:narrow', sql`${faqs.question} like ${sql.placeholder('pattern')}`);
    const fromIndex = vi.spyOn(search.keys, 'execute');
    const matches = await database.db
      .select({ question: faqs.question })
      .from(faqs)
      .where(sql`${faqs.question} like 'Q12%'`)
      .orderBy(asc(faqs.question), asc(faqs.id));
    for (const pageNo of [1, 3, 112]) {
      const page = await pagedPrepared(search, { pattern: 'Q12%' }, { pageNo, pageSize: 10 }, (row) => row.question);
      expect(page.total).toBe(matches.length);
      expect(page.items).toEqual(matches.slice((pageNo - 1) * 10, pageNo * 10).map((row) => row.question));
    }
    expect(fromIndex).not.toHaveBeenCalled();
    // Every FAQ matches: more than the limit, so the first matches are not the page; it is read from the index.
    const broad = narrowList('test:faqs:narrow:all', undefined);
    const broadIndex = vi.spyOn(broad.keys, 'execute');
    const page = await pagedPrepared(broad, {}, { pageNo: 2, pageSize: 10 }, (row) => row.question);
    expect(page.items).toEqual(await expectedPage(2, 10));
    expect(broadIndex).toHaveBeenCalledTimes(1);
    await countsSettled();
    expect((await pagedPrepared(broad, {}, { pageNo: 2, pageSize: 10 }, (row) => row.question)).total).toBe(
      await database.db.$count(faqs),
    );
  });

  it('a search list reads its matches as index ranges, one branch per index, and past the limit by its LIKE pattern', async () => {
    clearCountCache();
    // Three FAQs answer 'q12…' too: the second branch adds them, and the one that also asks 'Q12…' is counted once.
    await database.db.execute(sql`update faqs set answer = 'q12 in the answer' where question in ('Q5', 'Q6', 'Q120')`);
    const question = sql`lower(${faqs.question})`;
    const answer = sql`lower(${faqs.answer})`;
    const searchList = preparedList<{ question: string }>(database.db, 'test:faqs:search', {}, () => ({
      from: faqs,
      where: sql`(${question} like ${sql.placeholder('pattern')} or ${answer} like ${sql.placeholder('pattern')})`,
      key: faqs.id,
      order: byQuestion,
      search: { filters: undefined, branches: [prefixRange(question), prefixRange(answer)] },
      load: (keys) => database.db.select({ question: faqs.question }).from(faqs).where(inArray(faqs.id, keys)),
    }));
    expect(searchList.narrow).toBe(true);
    const byRanges = vi.spyOn(searchList.searchKeysCounted!, 'execute');
    const loadedWithCount = vi.spyOn(searchList.searchLoaded!, 'execute');
    const load = vi.spyOn(searchList.load, 'execute');
    const byLike = vi.spyOn(searchList.keysCounted, 'execute');
    const fromIndex = vi.spyOn(searchList.keys, 'execute');
    /** The questions whose question or answer starts with `prefix`, as a plain LIKE reads them, in the list's order. */
    const startingWith = async (prefix: string) =>
      (
        await database.db
          .select({ question: faqs.question })
          .from(faqs)
          .where(sql`${question} like ${`${prefix}%`} or ${answer} like ${`${prefix}%`}`)
          .orderBy(asc(faqs.question), asc(faqs.id))
      ).map((row) => row.question);
    const matches = await startingWith('q12');
    expect(matches).toContain('Q5');
    for (const pageNo of [1, 2, 12]) {
      const page = await pagedPrepared(
        searchList,
        prefixSearchValues('Q12'),
        { pageNo, pageSize: 10 },
        (r) => r.question,
      );
      expect(page.total).toBe(matches.length);
      expect(page.items).toEqual(matches.slice((pageNo - 1) * 10, pageNo * 10));
    }
    // Each page came with its count in one statement: no keys statement, no load of its own.
    expect(loadedWithCount).toHaveBeenCalledTimes(3);
    expect(byRanges).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
    expect(byLike).not.toHaveBeenCalled();
    expect(fromIndex).not.toHaveBeenCalled();
    // A page past the last match has no row to carry the count: the ranges count on their own.
    const past = await pagedPrepared(
      searchList,
      prefixSearchValues('Q12'),
      { pageNo: Math.ceil(matches.length / 10) + 1, pageSize: 10 },
      (r) => r.question,
    );
    expect(past).toMatchObject({ items: [], total: matches.length });
    expect(byRanges).toHaveBeenCalledTimes(1);
    // A page at ANCHOR_EVERY rows or deeper starts from an anchor (with the LIKE), as in any list: here past the end.
    const deep = await pagedPrepared(
      searchList,
      prefixSearchValues('Q12'),
      { pageNo: 60, pageSize: 10 },
      (r) => r.question,
    );
    expect(deep).toMatchObject({ items: [], total: matches.length });

    // 'q' starts the 10,050 seeded questions: the first branch reaches its cap, so the page and the total come
    // from the LIKE.
    const startsWithQ = await startingWith('q');
    expect(startsWithQ.length).toBeGreaterThan(EXACT_COUNT_LIMIT);
    const broad = await pagedPrepared(
      searchList,
      prefixSearchValues('q'),
      { pageNo: 3, pageSize: 10 },
      (r) => r.question,
    );
    expect(broad.items).toEqual(startsWithQ.slice(20, 30));
    expect(fromIndex).toHaveBeenCalledTimes(1);
    await countsSettled();
    expect(
      (await pagedPrepared(searchList, prefixSearchValues('q'), { pageNo: 3, pageSize: 10 }, (r) => r.question)).total,
    ).toBe(startsWithQ.length);

    // No range for this search (db/prefix-search.ts): the LIKE pattern alone answers it, with the same envelope.
    const none = await pagedPrepared(
      searchList,
      prefixSearchValues('\u{10ffff}'),
      { pageNo: 1, pageSize: 10 },
      (r) => r.question,
    );
    expect(none).toMatchObject({ items: [], total: 0 });
    expect(byLike).toHaveBeenCalledTimes(1);
  });

  it("a search through another table is whole only while the other table's matches stay within the cap", async () => {
    clearCountCache();
    // 10,050 resellers, and three customers under the last of them in e-mail order: a capped read of the
    // resellers' index stops before it.
    await database.db.execute(
      sql`insert into users (email, password_hash, role_code)
        select 'reseller' || lpad(g::text, 5, '0') || '@example.com', 'x', 'SUB_ADMIN'
        from generate_series(1, ${EXACT_COUNT_LIMIT + 50}) g`,
    );
    const [last] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, `reseller${EXACT_COUNT_LIMIT + 50}@example.com`));
    const children = ['child1@example.com', 'child2@example.com', 'child3@example.com'];
    await database.db
      .insert(users)
      .values(
        children.map((email) => ({ email, passwordHash: 'x', roleCode: 'USER' as const, parentUserId: last!.id })),
      );
    const parents = alias(users, 'search_parents');
    const customers = eq(users.roleCode, 'USER');
    const byParent = preparedList<{ email: string }>(database.db, 'test:users:by-parent', {}, () => ({
      from: users,
      where: and(
        customers,
        sql`${users.parentUserId} in (select p.id from users p where lower(p.email) like ${sql.placeholder('pattern')})`,
      ),
      key: users.id,
      order: [
        [users.email, 'asc'],
        [users.id, 'asc'],
      ],
      search: {
        filters: customers,
        branches: [
          prefixRange(sql`lower(${parents.email})`, { from: parents, id: parents.id, link: users.parentUserId }),
        ],
      },
      load: (keys) => database.db.select({ email: users.email }).from(users).where(inArray(users.id, keys)),
    }));
    const fromIndex = vi.spyOn(byParent.keys, 'execute');
    try {
      // One reseller: its customers come from the ranges alone.
      const one = await pagedPrepared(
        byParent,
        prefixSearchValues(`Reseller${EXACT_COUNT_LIMIT + 50}`),
        { pageNo: 1, pageSize: 10 },
        (r) => r.email,
      );
      expect(one).toMatchObject({ items: children, total: 3 });
      expect(fromIndex).not.toHaveBeenCalled();
      // Every reseller: their read stops at the cap before the one with customers, so the LIKE answers (the
      // total as the first count of a large one: the estimate may answer first on PostgreSQL).
      const every = () =>
        pagedPrepared(byParent, prefixSearchValues('reseller'), { pageNo: 1, pageSize: 10 }, (r) => r.email);
      expect((await every()).items).toEqual(children);
      expect(fromIndex).toHaveBeenCalledTimes(1);
      await countsSettled();
      expect(await every()).toMatchObject({ items: children, total: 3 });
    } finally {
      await database.db.delete(users).where(inArray(users.email, children));
      await database.db.delete(users).where(sql`${users.email} like 'reseller%'`);
    }
  });

  it('a list whose order runs both ways pages deep by offset', async () => {
    const mixed = faqList('test:faqs:mixed', [
      [faqs.question, 'asc'],
      [faqs.id, 'desc'],
    ]);
    expect(mixed.anchored).toBeUndefined();
    const page = await pagedPrepared(mixed, {}, { pageNo: 90, pageSize: 10 }, (row) => row.question);
    expect(page.items).toEqual(await expectedPage(90, 10));
  });
});

describe('statement keys', () => {
  const usersList = (shape: { role: boolean; status: boolean }) =>
    preparedList<{ email: string }, typeof shape>(database.db, 'test:keys', shape, (s) => ({
      from: users,
      where: and(
        s.role ? eq(users.roleCode, sql.placeholder('role')) : undefined,
        s.status ? eq(users.status, sql.placeholder('status')) : undefined,
      ),
      key: users.id,
      order: [[users.email, 'asc']],
      load: (keys) => database.db.select({ email: users.email }).from(users).where(inArray(users.id, keys)),
    }));

  it('are derived from every entry of the shape, in a fixed order', () => {
    expect(listKey('customers', { status: true, role: 'USER' })).toBe(
      listKey('customers', { role: 'USER', status: true }),
    );
    expect(listKey('customers', { role: 'USER', status: true })).not.toBe(
      listKey('customers', { role: 'USER', status: false }),
    );
    expect(listKey('customers', { role: 'USER' })).not.toBe(listKey('customers', { role: 'SUB_ADMIN' }));
    expect(listKey('customers', { role: null })).not.toBe(listKey('customers', { role: 'null' }));
  });

  it('name their statements within the 63 bytes PostgreSQL keeps, so long keys never share a name', () => {
    const wide = (status: boolean) =>
      listKey('customers', {
        accountType: false,
        all: true,
        isSuperSubAdmin: false,
        role: 'SUPER_ADMIN',
        search: false,
        status,
      });
    const [a, b] = [statementName(wide(true)), statementName(wide(false))];
    expect(a).not.toBe(b);
    for (const name of [a, b]) expect(`${name}_search_counted`.length).toBeLessThanOrEqual(63);
    expect(statementName(listKey('faqs', { published: true }))).toBe('faqs_published_true_');
  });

  it('never let two different filter sets share a statement', () => {
    const shapes = [
      { role: false, status: false },
      { role: true, status: false },
      { role: false, status: true },
      { role: true, status: true },
    ];
    const lists = shapes.map(usersList);
    expect(new Set(lists.map((list) => list.key)).size).toBe(4);
    expect(new Set(lists.map((list) => list.keys)).size).toBe(4);
    // The same shape again is the same statements.
    expect(usersList({ role: true, status: false })).toBe(lists[1]);
  });

  it('refuse a build that reads a filter from outside its shape', () => {
    let tenancy: 'own' | 'all' = 'own';
    const leaky = () =>
      preparedList<{ email: string }>(database.db, 'test:leaky', {}, () => ({
        from: users,
        where: tenancy === 'own' ? eq(users.parentUserId, sql.placeholder('actorId')) : undefined,
        key: users.id,
        order: [[users.email, 'asc']],
        load: (keys) => database.db.select({ email: users.email }).from(users).where(inArray(users.id, keys)),
      }));
    leaky();
    tenancy = 'all';
    expect(leaky).toThrow(/its shape misses a filter/);
  });
});

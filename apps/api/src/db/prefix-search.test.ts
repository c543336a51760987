import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { createTestDatabase } from '../test/test-app';
import { prefixBounds, prefixPattern, prefixSearchValues } from './prefix-search';

describe('prefixPattern', () => {
  it('lower-cases the search and takes %, _ and \\ literally', () => {
    expect(prefixPattern('INV-B0')).toBe('inv-b0%');
    expect(prefixPattern('50%_off\\')).toBe('50\\%\\_off\\\\%');
  });
});

describe('prefixBounds', () => {
  it('is the lower-cased prefix and the prefix with its last character moved on by one', () => {
    expect(prefixBounds('Customer 12')).toEqual({ lo: 'customer 12', hi: 'customer 13' });
    expect(prefixBounds('a%')).toEqual({ lo: 'a%', hi: 'a&' });
    expect(prefixBounds('zé')).toEqual({ lo: 'zé', hi: 'zê' });
  });

  it('steps over the surrogate block and past the last code point', () => {
    expect(prefixBounds('x\u{d7ff}')).toEqual({ lo: 'x\u{d7ff}', hi: 'x\u{e000}' });
    expect(prefixBounds('ab\u{10ffff}')).toEqual({ lo: 'ab\u{10ffff}', hi: 'ac' });
    expect(prefixBounds('\u{10ffff}\u{10ffff}')).toBeUndefined();
    expect(prefixBounds('')).toBeUndefined();
  });

  it('leaves the range out of the values when there is none, keeping the pattern', () => {
    expect(prefixSearchValues('\u{10ffff}')).toEqual({ pattern: '\u{10ffff}%' });
    expect(prefixSearchValues('Ab')).toEqual({ pattern: 'ab%', lo: 'ab', hi: 'ac' });
  });
});

describe('the range and the LIKE pattern find the same texts', () => {
  let database: Database;
  const texts = [
    'a',
    'ab',
    'abc',
    'ac',
    'a%b',
    'a_b',
    'a\\b',
    'ä',
    'äb',
    'b',
    'customer 12',
    'customer 120',
    'customer 13',
    'customer 1',
    'x\u{d7ff}y',
    'x\u{e000}',
    'zz\u{10ffff}',
    '',
  ];

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`create table prefix_texts (t text not null)`);
    for (const t of texts) await database.db.execute(sql`insert into prefix_texts (t) values (${t})`);
  });

  afterAll(async () => {
    await database?.close();
  });

  const found = async (where: ReturnType<typeof sql>) => {
    const result = await database.db.execute(sql`select t from prefix_texts where ${where} order by t collate "C"`);
    return (result as unknown as { rows: { t: string }[] }).rows.map((row) => row.t);
  };

  it.each(['a', 'ab', 'a%', 'a_', 'a\\', 'ä', 'customer 12', 'customer 1', 'x\u{d7ff}', 'zz', 'Q', 'CUSTOMER'])(
    'for %j',
    async (search) => {
      const bounds = prefixBounds(search);
      expect(bounds).toBeDefined();
      const byRange = await found(sql`lower(t) ~>=~ ${bounds!.lo} and lower(t) ~<~ ${bounds!.hi}`);
      const byLike = await found(sql`lower(t) like ${prefixPattern(search)}`);
      expect(byRange).toEqual(byLike);
    },
  );
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageSchema, successSchema } from './envelope';
import { responseSerializer } from './serializer';

const item = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  status: z.enum(['open', 'paid']),
  note: z.string().nullable(),
  paidAt: z.string().nullable(),
  tags: z.array(z.string()),
  user: z.object({ id: z.string(), email: z.string() }).nullable(),
  totals: z.record(z.string(), z.number()),
  label: z.string().optional(),
});

const compile = (schema: z.ZodType, checkAgainstZod: boolean) =>
  responseSerializer({ checkAgainstZod })({ schema, method: 'GET', url: '/test', httpStatus: '200' });

const page = {
  isSuccess: true as const,
  items: [
    {
      id: 'a',
      amountCents: 1500,
      status: 'paid',
      note: null,
      paidAt: '2026-11-25T10:00:00.000Z',
      tags: ['x', 'y'],
      user: { id: 'u1', email: 'user@example.com', passwordHash: 'never sent' },
      totals: { usd: 15 },
      internal: 'never sent',
    },
    {
      id: 'b',
      amountCents: 0,
      status: 'open',
      note: 'Leave at the desk "please"',
      paidAt: null,
      tags: [],
      user: null,
      totals: {},
      label: 'ünïcode ✓',
    },
  ],
  pageNo: 1,
  pageSize: 10,
  total: 2,
};

describe('responseSerializer', () => {
  it('writes a paged answer as zod does: the declared fields only, nulls, optional and nested fields alike', () => {
    const compiled = JSON.parse(compile(pageSchema(item), false)(page));
    const zodWritten = JSON.parse(compile(successSchema(z.array(item)), false)({ isSuccess: true, data: page.items }));
    expect(compiled.items).toEqual(zodWritten.data);
    expect(compiled).toMatchObject({ isSuccess: true, pageNo: 1, pageSize: 10, total: 2 });
    expect(compiled.items[0]).not.toHaveProperty('internal');
    expect(compiled.items[0].user).toEqual({ id: 'u1', email: 'user@example.com' });
    expect(compiled.items[1]).toMatchObject({ note: 'Leave at the desk "please"', user: null, label: 'ünïcode ✓' });
  });

  it('writes totalIsEstimate only when the total is an estimate, in production and outside it', () => {
    for (const checkAgainstZod of [false, true]) {
      const write = compile(pageSchema(item), checkAgainstZod);
      expect(JSON.parse(write(page))).not.toHaveProperty('totalIsEstimate');
      expect(JSON.parse(write({ ...page, total: 998_000, totalIsEstimate: true }))).toMatchObject({
        total: 998_000,
        totalIsEstimate: true,
      });
    }
  });

  it('outside production also encodes with zod, so an answer off its schema still fails', () => {
    const checked = compile(pageSchema(item), true);
    expect(JSON.parse(checked(page))).toEqual(JSON.parse(compile(pageSchema(item), false)(page)));
    const offSchema = { ...page, items: [{ ...page.items[0], status: 'lost' }] };
    expect(() => checked(offSchema)).toThrow();
  });

  it('leaves every other answer to zod, which checks it', () => {
    const single = compile(successSchema(item), false);
    expect(() => single({ isSuccess: true, data: { ...page.items[0], amountCents: 'a lot' } })).toThrow();
    expect(JSON.parse(single({ isSuccess: true, data: page.items[1] })).data).toEqual(page.items[1]);
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { Db } from './client';
import { rowFigures } from './row-figures';

const db = {} as Db;

describe('rowFigures', () => {
  it('computes only the rows not cached, keeps them for the TTL, and answers the empty figures for rows left out', async () => {
    let clock = 1_000;
    const compute = vi.fn(
      async (_db: Db, ids: string[]) => new Map(ids.filter((id) => id !== 'b').map((id) => [id, id.length])),
    );
    const figures = rowFigures(compute, 0, { ttlMs: 100, now: () => clock });
    expect(await figures.get(db, ['a', 'b'])).toEqual(
      new Map([
        ['a', 1],
        ['b', 0],
      ]),
    );
    expect(await figures.get(db, ['a', 'b', 'cc'])).toEqual(
      new Map([
        ['a', 1],
        ['b', 0],
        ['cc', 2],
      ]),
    );
    expect(compute.mock.calls.map(([, ids]) => ids)).toEqual([['a', 'b'], ['cc']]);
    clock += 101;
    await figures.get(db, ['a']);
    expect(compute).toHaveBeenLastCalledWith(db, ['a'], undefined);
    expect(compute).toHaveBeenCalledTimes(3);
  });

  it('forgets one row, or every row, so a change in this process shows at once', async () => {
    let value = 1;
    const figures = rowFigures(async (_db: Db, ids: string[]) => new Map(ids.map((id) => [id, value])), 0);
    expect((await figures.get(db, ['x', 'y'])).get('x')).toBe(1);
    value = 2;
    figures.forget('x');
    expect(await figures.get(db, ['x', 'y'])).toEqual(
      new Map([
        ['x', 2],
        ['y', 1],
      ]),
    );
    figures.forget();
    expect((await figures.get(db, ['y'])).get('y')).toBe(2);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { clearLargeFigures, largeFigures } from './large-figures';
import { COUNT_CACHE_TTL_MS, EXACT_COUNT_LIMIT } from './paging';

describe('largeFigures', () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => {
    clearLargeFigures();
    clock = 1_000_000;
  });

  it('computes a small set on every request (exact and live)', async () => {
    let value = 1;
    const small = () => Promise.resolve(EXACT_COUNT_LIMIT);
    expect(await largeFigures('k', small, async () => value, now)).toBe(1);
    value = 2;
    expect(await largeFigures('k', small, async () => value, now)).toBe(2);
  });

  it('keeps a large set for the TTL, then recomputes it in the background, once', async () => {
    let value = 10;
    let computed = 0;
    const large = () => Promise.resolve(EXACT_COUNT_LIMIT + 1);
    const compute = async () => {
      computed += 1;
      return value;
    };
    const [a, b] = await Promise.all([largeFigures('k', large, compute, now), largeFigures('k', large, compute, now)]);
    expect([a, b, computed]).toEqual([10, 10, 1]);
    value = 20;
    expect(await largeFigures('k', large, compute, now)).toBe(10);
    expect(computed).toBe(1);
    clock += COUNT_CACHE_TTL_MS + 1;
    // Stale: answered at once with the kept figure while one recomputation runs.
    expect(await largeFigures('k', large, compute, now)).toBe(10);
    expect(await largeFigures('k', large, compute, now)).toBe(10);
    await new Promise((r) => setTimeout(r, 0));
    expect(computed).toBe(2);
    expect(await largeFigures('k', large, compute, now)).toBe(20);
  });

  it('forgets a large set that shrank, so the next request computes it exactly', async () => {
    let size = EXACT_COUNT_LIMIT + 1;
    let value = 10;
    const capped = () => Promise.resolve(size);
    expect(await largeFigures('k', capped, async () => value, now)).toBe(10);
    size = 3;
    value = 3;
    clock += COUNT_CACHE_TTL_MS + 1;
    expect(await largeFigures('k', capped, async () => value, now)).toBe(10);
    await new Promise((r) => setTimeout(r, 0));
    expect(await largeFigures('k', capped, async () => value, now)).toBe(3);
  });
});

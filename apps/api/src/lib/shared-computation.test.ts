import { describe, expect, it } from 'vitest';
import { sharedComputations } from './shared-computation';

describe('sharedComputations', () => {
  it('runs one computation per key while it is in flight, and a new one after it settled', async () => {
    const share = sharedComputations<number>();
    let runs = 0;
    let release: () => void = () => {};
    const compute = () =>
      new Promise<number>((resolve) => {
        runs += 1;
        const n = runs;
        release = () => resolve(n);
      });
    const a = share('k', compute);
    const b = share('k', compute);
    const other = share('other', () => Promise.resolve(-1));
    expect(runs).toBe(1);
    release();
    expect(await a).toBe(1);
    expect(await b).toBe(1);
    expect(await other).toBe(-1);
    const c = share('k', compute);
    expect(runs).toBe(2);
    release();
    expect(await c).toBe(2);
  });

  it('hands a failure to every waiting request and runs again on the next one', async () => {
    const share = sharedComputations<number>();
    let fail = true;
    const compute = () => (fail ? Promise.reject(new Error('boom')) : Promise.resolve(7));
    const a = share('k', compute);
    const b = share('k', compute);
    await expect(a).rejects.toThrow('boom');
    await expect(b).rejects.toThrow('boom');
    fail = false;
    expect(await share('k', compute)).toBe(7);
  });
});

import { QueryObserver } from '@tanstack/react-query';
import type { ApiPage } from '@postwise/shared/api-types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, ESTIMATED_TOTAL_REFETCH_MS, hasEstimatedTotal } from './query-client';

afterEach(() => {
  vi.useRealTimers();
});

const page = (total: number, totalIsEstimate?: true): ApiPage<string> => ({
  isSuccess: true,
  items: ['a'],
  pageNo: 1,
  pageSize: 10,
  total,
  ...(totalIsEstimate ? { totalIsEstimate } : {}),
});

describe('a paged list whose total is an estimate', () => {
  it('is fetched again until the exact total arrives, then no more', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const answers = [page(998_000, true), page(998_000, true), page(1_000_000)];
    const fetchPage = vi.fn(async () => answers.shift() ?? page(1_000_000));
    const observer = new QueryObserver(client, { queryKey: ['list', 1], queryFn: fetchPage });
    const seen: (number | undefined)[] = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data?.total));
    await vi.advanceTimersByTimeAsync(0);
    expect(observer.getCurrentResult().data).toMatchObject({ total: 998_000, totalIsEstimate: true });
    await vi.advanceTimersByTimeAsync(ESTIMATED_TOTAL_REFETCH_MS * 2);
    expect(observer.getCurrentResult().data).toEqual(page(1_000_000));
    expect(fetchPage).toHaveBeenCalledTimes(3);
    // Exact: no refetch on a timer any more.
    await vi.advanceTimersByTimeAsync(ESTIMATED_TOTAL_REFETCH_MS * 5);
    expect(fetchPage).toHaveBeenCalledTimes(3);
    expect(seen).toContain(1_000_000);
    unsubscribe();
    client.clear();
  });

  it('recognises only a paged answer marked as an estimate', () => {
    expect(hasEstimatedTotal(page(20_000, true))).toBe(true);
    expect(hasEstimatedTotal(page(20_000))).toBe(false);
    expect(hasEstimatedTotal(undefined)).toBe(false);
    expect(hasEstimatedTotal({ totalIsEstimate: 'yes' })).toBe(false);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { ApiError } from './api-client';
import { useLightMutation } from './light-mutation';
import { clearLightQueries, useLightInfiniteQuery, useLightQuery } from './light-query';

afterEach(() => {
  cleanup();
  clearLightQueries();
});

describe('useLightQuery', () => {
  it('fetches on mount and serves the cached data to the next page while fresh', async () => {
    const queryFn = vi.fn().mockResolvedValue(['a']);
    const first = renderHook(() => useLightQuery({ queryKey: ['k'], queryFn, staleTime: 60_000 }));
    expect(first.result.current.isPending).toBe(true);
    await waitFor(() => expect(first.result.current.data).toEqual(['a']));
    first.unmount();

    const second = renderHook(() => useLightQuery({ queryKey: ['k'], queryFn, staleTime: 60_000 }));
    expect(second.result.current.isPending).toBe(false);
    expect(second.result.current.data).toEqual(['a']);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('retries a server error once, a client error never', async () => {
    const flaky = vi
      .fn()
      .mockRejectedValueOnce(new ApiError('Server error', { status: 500 }))
      .mockResolvedValue('ok');
    const retried = renderHook(() => useLightQuery({ queryKey: ['flaky'], queryFn: flaky }));
    await waitFor(() => expect(retried.result.current.data).toBe('ok'), { timeout: 3000 });
    expect(flaky).toHaveBeenCalledTimes(2);

    const missing = vi.fn().mockRejectedValue(new ApiError('Not found', { status: 404 }));
    const failed = renderHook(() => useLightQuery({ queryKey: ['missing'], queryFn: missing }));
    await waitFor(() => expect(failed.result.current.isError).toBe(true));
    expect(failed.result.current.error).toBeInstanceOf(ApiError);
    expect(missing).toHaveBeenCalledTimes(1);
  });
});

describe('useLightInfiniteQuery', () => {
  it('appends the next page until there is none, and a refetch reloads every page shown', async () => {
    const queryFn = vi.fn(({ pageParam }: { pageParam: number }) => Promise.resolve({ pageNo: pageParam }));
    const options = {
      queryKey: ['pages'],
      queryFn,
      initialPageParam: 1,
      getNextPageParam: (last: { pageNo: number }) => (last.pageNo < 2 ? last.pageNo + 1 : undefined),
    };
    const { result } = renderHook(() => useLightInfiniteQuery(options));
    await waitFor(() => expect(result.current.data?.pages).toEqual([{ pageNo: 1 }]));
    expect(result.current.hasNextPage).toBe(true);

    await act(() => result.current.fetchNextPage());
    expect(result.current.data?.pages).toEqual([{ pageNo: 1 }, { pageNo: 2 }]);
    expect(result.current.hasNextPage).toBe(false);

    queryFn.mockClear();
    await act(() => result.current.refetch());
    expect(queryFn.mock.calls.map(([c]) => c.pageParam)).toEqual([1, 2]);
  });
});

describe('useLightMutation', () => {
  it('is pending while the call runs and answers its result', async () => {
    let resolve: (value: string) => void = () => {};
    const { result } = renderHook(() =>
      useLightMutation((input: string) => new Promise<string>((r) => (resolve = (v) => r(`${input}${v}`)))),
    );
    let answer: Promise<string> = Promise.resolve('');
    act(() => {
      answer = result.current.mutateAsync('a');
    });
    expect(result.current.isPending).toBe(true);
    await act(async () => {
      resolve('b');
      await answer;
    });
    expect(await answer).toBe('ab');
    expect(result.current.isPending).toBe(false);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { createListStore, type PageResult } from '../stores/create-list-store';
import { SEARCH_DELAY_MS, useListPage } from './use-list-page';

interface Row {
  id: string;
}

const store = createListStore<Row>('use-list-page-test');

/** A stand-in query hook: answers whatever `answer` holds and records what it was asked for. */
const asked: Array<[number, number, string | undefined]> = [];
let answer: PageResult<Row> | undefined;
function usePage(pageNo: number, pageSize: number, search?: string) {
  asked.push([pageNo, pageSize, search]);
  return { data: answer };
}

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `r${i}` }));

function renderListPage(options?: { search?: boolean }) {
  return renderHook(() =>
    useListPage(
      store,
      usePage,
      (p) => [p.pageNo, p.pageSize, p.filters.search as string | undefined] as const,
      options,
    ),
  );
}

beforeEach(() => {
  store.getState().reset();
  asked.length = 0;
  answer = undefined;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useListPage (spec 3 list stores, spec 4 paging)', () => {
  it("asks the query for the store's page, size and filters", () => {
    store.setState({ pageNo: 3, pageSize: 25, filters: { search: 'pmb 12' } });
    renderListPage();
    expect(asked.at(-1)).toEqual([3, 25, 'pmb 12']);
  });

  it('keeps the store in step with the page the server answered', () => {
    answer = { items: rows(10), total: 35, pageNo: 2, pageSize: 10 };
    const { result } = renderListPage();
    expect(store.getState().totalRecords).toBe(35);
    expect(store.getState().entities).toHaveLength(10);
    expect(store.getState().pageNo).toBe(2);
    expect(result.current.list.data).toBe(answer);
  });

  it('moves between pages within the answered total and asks again', () => {
    answer = { items: rows(10), total: 35 };
    const { result } = renderListPage();
    act(() => result.current.setPage(4));
    expect(result.current.pageNo).toBe(4);
    expect(asked.at(-1)).toEqual([4, 10, undefined]);
    act(() => result.current.setPage(9));
    expect(result.current.pageNo).toBe(4);
  });

  it('runs a typed search after a pause, trimmed, back on page 1', () => {
    vi.useFakeTimers();
    answer = { items: rows(10), total: 35 };
    const { result } = renderListPage({ search: true });
    act(() => result.current.setPage(3));
    act(() => result.current.setSearchText('  Avery '));
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS - 1));
    expect(result.current.filters.search).toBeUndefined();
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.filters.search).toBe('Avery');
    expect(result.current.pageNo).toBe(1);
    expect(asked.at(-1)).toEqual([1, 10, 'Avery']);
  });

  it('clears the search when the box is emptied', () => {
    vi.useFakeTimers();
    store.setState({ filters: { search: 'Avery' } });
    const { result } = renderListPage({ search: true });
    expect(result.current.searchText).toBe('Avery');
    act(() => result.current.setSearchText('   '));
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS));
    expect(result.current.filters.search).toBeUndefined();
  });

  it('leaves a search set elsewhere alone when the screen has no search box of its own', () => {
    vi.useFakeTimers();
    const { result } = renderListPage();
    act(() => result.current.setFilters({ search: 'Avery' }));
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS * 2));
    expect(result.current.filters.search).toBe('Avery');
  });
});

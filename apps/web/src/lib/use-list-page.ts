import { useEffect, useState } from 'react';
import type { PaginationProps } from '../components/ui/pagination';
import type { ListFilters, ListStore, PageResult } from '../stores/create-list-store';

/** How long typing pauses before the search runs. */
export const SEARCH_DELAY_MS = 300;

/** The page a list screen shows: what its query hook is asked for. */
export interface ListPageParams<F extends ListFilters> {
  pageNo: number;
  pageSize: number;
  filters: F;
}

export interface ListPageOptions {
  /**
   * The screen has a search box: `searchText` follows the input and reaches `filters.search` (trimmed, empty as
   * none) after a short pause, which goes back to page 1 like any filter (spec 4).
   */
  search?: boolean;
}

/** A query hook answering a page: `data` is absent while the first page loads. */
type PageQuery = (...args: never[]) => { data?: PageResult<unknown> | undefined };

/**
 * A list screen's paging (spec 3 "List stores", spec 4): reads page, size and filters from the list store, asks
 * the screen's query hook for that page (`args` maps them to the hook's arguments, written `[...] as const`) and keeps the store in step
 * with every page the server answers, so the pager stays within range and logout can reset it.
 *
 * `useList` must be the same hook on every render (pass the feature's `useXxx` function itself).
 */
export function useListPage<T, F extends ListFilters, Q extends PageQuery>(
  store: ListStore<T, F>,
  useList: Q,
  args: (page: ListPageParams<F>) => Readonly<Parameters<Q>>,
  options: ListPageOptions = {},
) {
  const pageNo = store((s) => s.pageNo);
  const pageSize = store((s) => s.pageSize);
  const filters = store((s) => s.filters);
  const { setPage, setPageSize, setFilters, setResult } = store.getState();
  const list = useList(...args({ pageNo, pageSize, filters })) as ReturnType<Q>;

  const data = list.data;
  useEffect(() => {
    // The store holds the loose entity type of spec 3; the page's items are the feature's own rows.
    if (data) setResult(data as PageResult<T>);
  }, [data, setResult]);

  const search = filters.search as string | undefined;
  const [searchText, setSearchText] = useState(search ?? '');
  const searchable = Boolean(options.search);
  useEffect(() => {
    if (!searchable) return;
    const timer = setTimeout(() => {
      const next = searchText.trim() || undefined;
      if (next !== search) setFilters({ search: next } as unknown as Partial<F>);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchable, searchText, search, setFilters]);

  // The pager under the table: the answer's total (or the server's estimate, "about N") and the store's paging.
  const page = data as (PageResult<unknown> & { totalIsEstimate?: boolean }) | undefined;
  const pagination: PaginationProps = {
    pageNo,
    pageSize,
    total: page?.total ?? 0,
    totalIsEstimate: page?.totalIsEstimate,
    onPageChange: setPage,
    onPageSizeChange: setPageSize,
  };

  return { list, pageNo, pageSize, filters, setPage, setPageSize, setFilters, searchText, setSearchText, pagination };
}

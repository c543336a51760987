import { useState } from 'react';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '@postwise/shared/constants';
import type { PaginationProps } from '../components/ui/pagination';

/**
 * The paging of a list the screen keeps itself (no list store, see useListPage): page 1 at the default size to
 * start, and back to page 1 on a new page size or, through `toFirstPage`, a new filter (spec 4).
 */
export function usePager(initialPageSize = DEFAULT_PAGE_SIZE) {
  const [pageNo, setPageNo] = useState(FIRST_PAGE);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const toFirstPage = () => setPageNo(FIRST_PAGE);

  /** The pager under the table, with the answered total (or the server's estimate, "about N"). */
  const pagination = (page: { total: number; totalIsEstimate?: boolean } | undefined): PaginationProps => ({
    pageNo,
    pageSize,
    total: page?.total ?? 0,
    totalIsEstimate: page?.totalIsEstimate,
    onPageChange: setPageNo,
    onPageSizeChange: (size) => {
      setPageSize(size);
      setPageNo(FIRST_PAGE);
    },
  });

  return { pageNo, pageSize, toFirstPage, pagination };
}

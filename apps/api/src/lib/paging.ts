import type { ApiPage } from '@postwise/shared/api-types';
import type { PageQuery } from '@postwise/shared/schemas/paging';

export interface PagedQuery<TRow, TItem> {
  page: PageQuery;
  /** The page's rows: apply limit and offset in SQL (with a stable order backed by an index). */
  rows: (limit: number, offset: number) => Promise<TRow[]>;
  /** The total under the same filters, e.g. `db.$count(table, where)`. */
  count: () => Promise<number>;
  map: (row: TRow) => TItem;
}

/** Pages a list in SQL (limit/offset plus a count) and answers the spec 7 paged envelope. */
export async function paged<TRow, TItem = TRow>(query: PagedQuery<TRow, TItem>): Promise<ApiPage<TItem>> {
  const { pageNo, pageSize } = query.page;
  const [rows, total] = await Promise.all([query.rows(pageSize, (pageNo - 1) * pageSize), query.count()]);
  return { isSuccess: true, items: rows.map(query.map), pageNo, pageSize, total: Number(total) };
}

/** A page query as TanStack Query answers it (the list's items under `data.items`). */
interface PageQuery<T> {
  data?: { items: T[] } | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * What a DataTable shows of a page query: its rows (none while loading), the skeleton while pending, the message of
 * a failed load and Try again. Spread into the table: `<DataTable {...tableQueryProps(list)} … />`.
 */
export function tableQueryProps<T>(query: PageQuery<T>) {
  return {
    rows: query.data?.items ?? [],
    loading: query.isPending,
    error: query.isError && query.error ? query.error.message : null,
    onRetry: () => void query.refetch(),
  };
}

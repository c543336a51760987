import type { ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';
import { cn } from '../../lib/utils';
import { Button } from './button';
import { EmptyState, type EmptyStateProps } from './empty-state';
import { Pagination, type PaginationProps } from './pagination';
import { Skeleton } from './skeleton';

export interface DataTableColumn<T> {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  className?: string;
  /** Leave this column out of the stacked phone card (e.g. when it repeats the card title). */
  hideOnPhone?: boolean;
}

export interface DataTableProps<T> {
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  getRowId: (row: T) => string;
  /** Describes the table for screen readers. */
  caption: string;
  loading?: boolean;
  /** A message when the list failed to load; with onRetry a Try again button shows. */
  error?: string | null;
  onRetry?: () => void;
  empty?: EmptyStateProps;
  /** Row buttons (view, edit, ...) shown in the last column and at the foot of each phone card. */
  rowActions?: (row: T) => ReactNode;
  pagination?: PaginationProps;
  className?: string;
}

const SKELETON_ROWS = 5;

/**
 * One list component for every screen: sticky header on wide screens, stacked cards on phones, loading
 * skeletons, empty and error states, and the shared pager of spec 4 below.
 */
export function DataTable<T>({
  columns,
  rows,
  getRowId,
  caption,
  loading = false,
  error,
  onRetry,
  empty = { title: 'Nothing here yet' },
  rowActions,
  pagination,
  className,
}: DataTableProps<T>) {
  let body: ReactNode;
  if (error) {
    body = (
      <EmptyState
        icon={AlertTriangle}
        title="Could not load this list"
        description={error}
        action={
          onRetry ? (
            <Button variant="outline" onClick={onRetry}>
              Try again
            </Button>
          ) : undefined
        }
      />
    );
  } else if (!loading && rows.length === 0) {
    body = <EmptyState {...empty} />;
  }

  return (
    <div className={cn('grid gap-4', className)}>
      <div className="overflow-hidden rounded-card border border-border bg-background shadow-xs">
        {body ?? (
          <>
            <div className="hidden max-h-[70vh] overflow-auto md:block">
              <table className="w-full border-collapse text-sm" aria-busy={loading || undefined}>
                <caption className="sr-only">{caption}</caption>
                <thead className="sticky top-0 z-10 bg-muted/95 backdrop-blur">
                  <tr>
                    {columns.map((c) => (
                      <th
                        key={c.id}
                        scope="col"
                        className={cn(
                          'border-b px-4 py-3 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase',
                          c.className,
                        )}
                      >
                        {c.header}
                      </th>
                    ))}
                    {rowActions ? (
                      <th scope="col" className="border-b px-4 py-3 text-right">
                        <span className="sr-only">Actions</span>
                      </th>
                    ) : null}
                  </tr>
                </thead>
                <tbody>
                  {loading
                    ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                        <tr key={i} className="border-b last:border-0">
                          {columns.map((c) => (
                            <td key={c.id} className="px-4 py-3">
                              <Skeleton className="h-4 w-3/4" />
                            </td>
                          ))}
                          {rowActions ? <td className="px-4 py-3" /> : null}
                        </tr>
                      ))
                    : rows.map((row) => (
                        <tr key={getRowId(row)} className="border-b last:border-0 hover:bg-surface">
                          {columns.map((c) => (
                            <td key={c.id} className={cn('px-4 py-3 align-middle', c.className)}>
                              {c.cell(row)}
                            </td>
                          ))}
                          {rowActions ? (
                            <td className="px-4 py-3 text-right">
                              <div className="flex justify-end gap-1">{rowActions(row)}</div>
                            </td>
                          ) : null}
                        </tr>
                      ))}
                </tbody>
              </table>
            </div>
            <ul className="divide-y md:hidden" aria-label={caption} aria-busy={loading || undefined}>
              {loading
                ? Array.from({ length: 3 }, (_, i) => (
                    <li key={i} className="grid gap-2 p-4">
                      <Skeleton className="h-4 w-1/2" />
                      <Skeleton className="h-4 w-3/4" />
                    </li>
                  ))
                : rows.map((row) => (
                    <li key={getRowId(row)} className="grid gap-2 p-4">
                      <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-1.5 text-sm">
                        {columns
                          .filter((c) => !c.hideOnPhone)
                          .map((c) => (
                            <div key={c.id} className="contents">
                              <dt className="text-muted-foreground">{c.header}</dt>
                              <dd className="min-w-0 break-words">{c.cell(row)}</dd>
                            </div>
                          ))}
                      </dl>
                      {rowActions ? <div className="flex flex-wrap gap-2 pt-1">{rowActions(row)}</div> : null}
                    </li>
                  ))}
            </ul>
          </>
        )}
      </div>
      {pagination && !error ? <Pagination {...pagination} /> : null}
    </div>
  );
}

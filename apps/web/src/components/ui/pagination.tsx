import { useId } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { PAGE_SIZE_OPTIONS } from '@postwise/shared/constants';
import { clampPage, totalPages } from '@postwise/shared/schemas/paging';
import { cn } from '../../lib/utils';
import { Button } from './button';

export interface PaginationProps {
  pageNo: number;
  pageSize: number;
  total: number;
  /**
   * `total` is the server's estimate (a large list still being counted, `totalIsEstimate` of the paged answer):
   * shown as "about N" until a later fetch brings the exact figure.
   */
  totalIsEstimate?: boolean | undefined;
  /** Receives a page already clamped to 1..total pages. */
  onPageChange: (pageNo: number) => void;
  /** The owner resets the page to 1 (spec 4); list stores do this in setPageSize. */
  onPageSizeChange?: (pageSize: number) => void;
  pageSizeOptions?: readonly number[];
  className?: string;
}

/** A count as the pager writes it: 998,000. */
function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** Page numbers to show: first, last, current and neighbours, with gaps as null. */
export function pageWindow(current: number, last: number): (number | null)[] {
  const pages = new Set([1, last, current - 1, current, current + 1].filter((p) => p >= 1 && p <= last));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev > 1) out.push(null);
    out.push(p);
  });
  return out;
}

/**
 * The shared pager of spec 4: Previous is disabled on page 1 and Next on the last page; the page never
 * leaves 1..total pages. While the total is an estimate it reads "of about N" (and so does the page count).
 */
export function Pagination({
  pageNo,
  pageSize,
  total,
  totalIsEstimate = false,
  onPageChange,
  onPageSizeChange,
  pageSizeOptions = PAGE_SIZE_OPTIONS,
  className,
}: PaginationProps) {
  const sizeId = useId();
  const last = totalPages(total, pageSize);
  const current = clampPage(pageNo, total, pageSize);
  const from = total === 0 ? 0 : (current - 1) * pageSize + 1;
  const to = Math.min(total, current * pageSize);
  const about = totalIsEstimate ? 'about ' : '';
  const go = (p: number) => {
    const next = clampPage(p, total, pageSize);
    if (next !== current) onPageChange(next);
  };

  return (
    <nav
      aria-label="Pagination"
      className={cn(
        'flex flex-col gap-3 text-sm sm:flex-row sm:flex-wrap sm:items-center sm:justify-between',
        className,
      )}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-muted-foreground">
        <span aria-live="polite" className="whitespace-nowrap">
          {total === 0 ? 'No results' : `Showing ${count(from)}–${count(to)} of ${about}${count(total)}`}
        </span>
        {onPageSizeChange ? (
          <span className="flex items-center gap-2">
            <label htmlFor={sizeId} className="whitespace-nowrap">
              Rows per page
            </label>
            <select
              id={sizeId}
              value={pageSize}
              onChange={(e) => onPageSizeChange(Number(e.target.value))}
              className="h-8 rounded-md border border-input bg-background px-2 text-foreground"
            >
              {pageSizeOptions.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </span>
        ) : null}
      </div>
      <div className="flex items-center gap-1">
        <Button variant="outline" size="sm" onClick={() => go(current - 1)} disabled={current <= 1}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <span className="px-2 text-center text-muted-foreground sm:hidden">
          {`Page ${count(current)} of ${about}${count(last)}`}
        </span>
        <ul className="hidden items-center gap-1 sm:flex">
          {pageWindow(current, last).map((p, i) =>
            p === null ? (
              <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted-foreground">
                …
              </li>
            ) : (
              <li key={p}>
                <Button
                  variant={p === current ? 'default' : 'ghost'}
                  size="sm"
                  className="min-w-8"
                  aria-current={p === current ? 'page' : undefined}
                  aria-label={`Page ${p}`}
                  onClick={() => go(p)}
                >
                  {p}
                </Button>
              </li>
            ),
          )}
        </ul>
        <Button variant="outline" size="sm" onClick={() => go(current + 1)} disabled={current >= last}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}

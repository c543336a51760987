import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AlertTriangle, ChevronRight } from 'lucide-react';
import { cn } from '../../lib/utils';
import { Button } from './button';
import { EmptyState, type EmptyStateProps } from './empty-state';
import { Pagination, type PaginationProps } from './pagination';
import { Skeleton } from './skeleton';

/**
 * Where a column shows in the compact phone card:
 * - `title`: the first line, bold (one per table);
 * - `badge`: the status badge, next to the title;
 * - `amount`: right-aligned on the first line, bold;
 * - `meta`: the muted line below, values joined by " · " (prefixed with `phoneLabel` when set);
 * - `hidden`: left to the detail page.
 */
export type PhoneRole = 'title' | 'meta' | 'badge' | 'amount' | 'hidden';

export interface DataTableColumn<T> {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  className?: string;
  /** The column's place in the phone card. See {@link phoneRoles} for the default. */
  phone?: PhoneRole;
  /** What the phone card shows instead of `cell` (e.g. plain text where the cell is a link or two lines). */
  phoneCell?: (row: T) => ReactNode;
  /** A word before a meta value on the phone card, e.g. "Due" → "Due 12 Mar 2026". */
  phoneLabel?: string;
  /** Only on the phone card, not a table column (e.g. the e-mail under a name the table shows in one cell). */
  phoneOnly?: boolean;
}

export interface DataTableRowLink {
  to: string;
  /** The accessible name of the card link, e.g. "View INV-0012". */
  label: string;
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
  /** Row buttons (view, edit, ...) shown in the last column on wide screens. */
  rowActions?: (row: T) => ReactNode;
  /** Makes the whole phone card a link (the row's View/Open action). */
  rowLink?: (row: T) => DataTableRowLink | null | undefined;
  /**
   * Buttons at the foot of a phone card. Defaults to `rowActions` when there is no `rowLink`, and to none when
   * there is one (the card itself is the View action); pass the remaining actions (approve, delete, ...) here.
   */
  phoneActions?: (row: T) => ReactNode;
  pagination?: PaginationProps;
  className?: string;
}

const SKELETON_ROWS = 5;

/**
 * The phone role of every column. Columns that say `phone` keep it; the others are hidden when any column says
 * one, and otherwise the first column is the title and the next two the meta line, so a table nobody tuned
 * still gets compact cards.
 */
export function phoneRoles<T>(columns: readonly DataTableColumn<T>[]): PhoneRole[] {
  const tuned = columns.some((c) => c.phone !== undefined);
  let visible = 0;
  return columns.map((c) => {
    if (c.phone) return c.phone;
    if (tuned) return 'hidden';
    visible += 1;
    if (visible === 1) return 'title';
    return visible <= 3 ? 'meta' : 'hidden';
  });
}

/** True for values that say nothing: nothing, empty text or a dash placeholder ("—", "--"). */
export function isEmptyValue(value: ReactNode): boolean {
  if (value === null || value === undefined || value === false || value === true) return true;
  if (typeof value === 'string') return /^[\s—–-]*$/.test(value);
  if (Array.isArray(value)) return value.every((v) => isEmptyValue(v as ReactNode));
  return false;
}

/**
 * Keeps the header stuck under the top bar while a too-wide table scrolls sideways. `overflow-x: clip` keeps
 * `position: sticky` working, but clips; only when the table does not fit does the wrapper scroll sideways (which
 * makes it the sticky header's scroll box), and then the header cells are moved down with the page instead.
 */
function useStickyHeader(tableShown: boolean) {
  const wrapRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const [overflowing, setOverflowing] = useState(false);

  useEffect(() => {
    const wrap = wrapRef.current;
    const table = tableRef.current;
    if (!wrap || !table || typeof ResizeObserver === 'undefined') return;
    // Whether the table fits when squeezed to its narrowest (its min-content width), whatever the mode now.
    const measure = () => {
      const width = table.style.width;
      table.style.width = 'min-content';
      const narrowest = table.offsetWidth;
      table.style.width = width;
      setOverflowing(wrap.clientWidth > 0 && narrowest > wrap.clientWidth + 1);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(wrap);
    observer.observe(table);
    measure();
    return () => observer.disconnect();
    // The table element comes and goes with the empty and error states: observe the one that is there.
  }, [tableShown]);

  useEffect(() => {
    const table = tableRef.current;
    const head = table?.tHead;
    if (!overflowing || !table || !head) return;
    const cells = Array.from(head.querySelectorAll<HTMLElement>('th'));
    let frame = 0;
    const place = () => {
      frame = 0;
      // Where the sticky header would stop: below the impersonation bar and the top bar (see the thead class).
      const style = getComputedStyle(head);
      const top =
        (parseFloat(style.getPropertyValue('--shell-top')) || 0) +
        (parseFloat(style.getPropertyValue('--shell-bar')) || 0);
      const rect = table.getBoundingClientRect();
      const shift = Math.max(0, Math.min(top - rect.top, rect.height - head.offsetHeight));
      for (const cell of cells) cell.style.transform = shift ? `translateY(${shift}px)` : '';
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(place);
    };
    place();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      for (const cell of cells) cell.style.transform = '';
    };
  }, [overflowing, tableShown]);

  return { wrapRef, tableRef, overflowing };
}

interface PhoneCardProps<T> {
  row: T;
  columns: readonly DataTableColumn<T>[];
  roles: PhoneRole[];
  link: DataTableRowLink | null | undefined;
  actions: ReactNode;
}

function PhoneCard<T>({ row, columns, roles, link, actions }: PhoneCardProps<T>) {
  const pick = (role: PhoneRole) =>
    columns.flatMap((c, i) => {
      if (roles[i] !== role) return [];
      const value = (c.phoneCell ?? c.cell)(row);
      return isEmptyValue(value) ? [] : [{ id: c.id, label: c.phoneLabel, value }];
    });
  const [title] = pick('title');
  const meta = pick('meta');
  const badges = pick('badge');
  const amounts = pick('amount');
  const hasActions = !isEmptyValue(actions);

  return (
    <li
      className={cn('relative grid gap-1 px-4 py-3', link && 'pr-9 active:bg-muted hover:bg-surface')}
      data-testid="data-table-card"
    >
      {link ? (
        <>
          {/* The whole card is the link; buttons below sit above it. */}
          <Link
            to={link.to}
            aria-label={link.label}
            className="absolute inset-0 z-0 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
          />
          <ChevronRight
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
        </>
      ) : null}
      <div className="flex min-w-0 items-start justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <span className="line-clamp-2 min-w-0 text-sm font-semibold break-words">{title?.value}</span>
          {badges.map((b) => (
            <span key={b.id} className="shrink-0">
              {b.value}
            </span>
          ))}
        </div>
        {amounts.length ? (
          <div className="shrink-0 text-sm font-semibold whitespace-nowrap tabular-nums">
            {amounts.map((a, i) => (
              <span key={a.id}>
                {i > 0 ? ' · ' : null}
                {a.value}
              </span>
            ))}
          </div>
        ) : null}
      </div>
      {meta.length ? (
        <div className="line-clamp-2 min-w-0 text-xs break-words text-muted-foreground">
          {meta.map((m, i) => (
            <span key={m.id}>
              {i > 0 ? ' · ' : null}
              {m.label ? `${m.label} ` : null}
              {m.value}
            </span>
          ))}
        </div>
      ) : null}
      {hasActions ? <div className="relative z-10 -ml-2 flex flex-wrap gap-1 pt-1">{actions}</div> : null}
    </li>
  );
}

/**
 * One list component for every screen: the header sticks under the top bar while the page scrolls (no inner
 * scroll box), compact cards on phones (see {@link PhoneRole}), loading skeletons, empty and error states, and
 * the shared pager of spec 4 below.
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
  rowLink,
  phoneActions,
  pagination,
  className,
}: DataTableProps<T>) {
  const roles = phoneRoles(columns);
  const tableColumns = columns.filter((c) => !c.phoneOnly);
  const cardActions = phoneActions ?? (rowLink ? undefined : rowActions);

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
  const { wrapRef, tableRef, overflowing } = useStickyHeader(!body);

  const cell = 'border-b border-border px-4 py-3';

  return (
    <div className={cn('grid min-w-0 gap-4', className)}>
      {/* overflow-clip, not overflow-hidden: it rounds the corners without making a scroll box, so the sticky header
          still follows the page. Not being a scroll box, it would grow to the table's width: min-w-0 holds it. */}
      <div className="min-w-0 overflow-clip rounded-card border border-border bg-background shadow-xs">
        {body ?? (
          <>
            <div
              ref={wrapRef}
              className={cn('hidden md:block', overflowing ? 'overflow-x-auto' : 'overflow-x-clip')}
              data-overflowing={overflowing || undefined}
            >
              <table
                ref={tableRef}
                // Scrolling sideways anyway, the columns may take their natural width rather than squeeze.
                className={cn('border-separate border-spacing-0 text-sm', overflowing ? 'w-max min-w-full' : 'w-full')}
                aria-busy={loading || undefined}
              >
                <caption className="sr-only">{caption}</caption>
                {/* Sticky to the page; when the wrapper scrolls sideways it would stick inside the wrapper instead,
                    so there it stays in place and useStickyHeader moves its cells with the page. */}
                <thead
                  className={cn(
                    'z-10',
                    overflowing ? 'relative' : 'sticky top-[calc(var(--shell-top,0px)+var(--shell-bar,0px))]',
                  )}
                >
                  <tr>
                    {tableColumns.map((c) => (
                      <th
                        key={c.id}
                        scope="col"
                        className={cn(
                          cell,
                          'bg-muted/95 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase backdrop-blur',
                          c.className,
                        )}
                      >
                        {c.header}
                      </th>
                    ))}
                    {rowActions ? (
                      <th scope="col" className={cn(cell, 'bg-muted/95 text-right backdrop-blur')}>
                        <span className="sr-only">Actions</span>
                      </th>
                    ) : null}
                  </tr>
                </thead>
                <tbody className="[&>tr:last-child>td]:border-b-0">
                  {loading
                    ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                        <tr key={i}>
                          {tableColumns.map((c) => (
                            <td key={c.id} className={cell}>
                              <Skeleton className="h-4 w-3/4" />
                            </td>
                          ))}
                          {rowActions ? <td className={cell} /> : null}
                        </tr>
                      ))
                    : rows.map((row) => (
                        <tr key={getRowId(row)} className="hover:bg-surface">
                          {tableColumns.map((c) => (
                            <td key={c.id} className={cn(cell, 'align-middle', c.className)}>
                              {c.cell(row)}
                            </td>
                          ))}
                          {rowActions ? (
                            <td className={cn(cell, 'text-right')}>
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
                    <li key={i} className="grid gap-2 px-4 py-3">
                      <Skeleton className="h-4 w-1/2" />
                      <Skeleton className="h-3 w-3/4" />
                    </li>
                  ))
                : rows.map((row) => (
                    <PhoneCard
                      key={getRowId(row)}
                      row={row}
                      columns={columns}
                      roles={roles}
                      link={rowLink?.(row)}
                      actions={cardActions?.(row)}
                    />
                  ))}
            </ul>
          </>
        )}
      </div>
      {pagination && !error ? <Pagination {...pagination} /> : null}
    </div>
  );
}

import type { ReactNode } from 'react';
import { cn } from '../../../lib/utils';
import { EMPTY_VALUE } from '../../../lib/format';

/** A definition list of label/value rows for detail cards; empty values read as EMPTY_VALUE (an em dash). */
export function DetailList({ items, className }: { items: [string, ReactNode][]; className?: string }) {
  return (
    <dl className={cn('grid gap-x-4 gap-y-3 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]', className)}>
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 font-medium break-words">
            {value === null || value === undefined || value === '' ? EMPTY_VALUE : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

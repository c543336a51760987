import type { DataTableColumn } from './ui/data-table';
import { EMPTY_VALUE } from '../lib/format';

interface Person {
  fullName?: string | null;
  email: string;
}

/**
 * A table column naming a person (who is billed, paid, shipping): the name, or the email when there is none, with
 * the email under it; the phone card's meta line names them. A row without one shows the empty value.
 */
export function personColumn<T>({
  id,
  header,
  person,
  strong = false,
}: {
  id: string;
  header: string;
  person: (row: T) => Person | null | undefined;
  /** The name in medium weight (where the column is the row's main subject). */
  strong?: boolean;
}): DataTableColumn<T> {
  return {
    id,
    header,
    phone: 'meta',
    phoneCell: (row) => person(row)?.fullName || person(row)?.email || EMPTY_VALUE,
    cell: (row) => {
      const p = person(row);
      return p ? (
        <div className="grid">
          <span className={strong ? 'font-medium' : undefined}>{p.fullName || p.email}</span>
          <span className="text-xs text-muted-foreground">{p.email}</span>
        </div>
      ) : (
        EMPTY_VALUE
      );
    },
  };
}

import { useEffect, useId, useState } from 'react';
import { Search } from 'lucide-react';
import type { MailboxSummary } from '@postwise/shared/mail-api';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/utils';
import { useMailboxSearch } from '../api/mailbox-admin';
import { MailboxName, MailboxStatusBadge } from './mailbox-status';

/** Type-ahead box search by PMB number or name (an ARIA combobox: arrows, Enter, Escape). */
export function MailboxPicker({ onPick, autoFocus }: { onPick: (box: MailboxSummary) => void; autoFocus?: boolean }) {
  const inputId = useId();
  const listId = useId();
  const [text, setText] = useState('');
  const [debounced, setDebounced] = useState('');
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(text.trim()), 200);
    return () => clearTimeout(t);
  }, [text]);
  const search = useMailboxSearch(debounced);
  const options = debounced ? (search.data?.items ?? []) : [];
  const pick = (box: MailboxSummary | undefined) => {
    if (!box) return;
    onPick(box);
    setOpen(false);
    setText('');
  };
  return (
    <div className="relative grid gap-2">
      <Label htmlFor={inputId}>Mailbox (PMB number or name)</Label>
      <div className="relative">
        <Search aria-hidden="true" className="absolute top-3 left-3 size-4 text-muted-foreground" />
        <Input
          id={inputId}
          role="combobox"
          aria-expanded={open && options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && options[active] ? `${listId}-${active}` : undefined}
          autoFocus={autoFocus}
          autoComplete="off"
          className="pl-9"
          placeholder="e.g. 1003 or Jane Doe"
          value={text}
          data-testid="mailbox-picker"
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(0);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setActive((a) => Math.min(a + 1, options.length - 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => Math.max(a - 1, 0));
            } else if (e.key === 'Enter') {
              e.preventDefault();
              pick(options[active]);
            } else if (e.key === 'Escape') setOpen(false);
          }}
        />
        {search.isFetching ? <Spinner className="absolute top-3 right-3 size-4" /> : null}
      </div>
      {open && debounced ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="Matching mailboxes"
          className="absolute top-full z-20 mt-1 max-h-60 w-full overflow-y-auto rounded-card border bg-background shadow-lg"
        >
          {options.length === 0 && !search.isFetching ? (
            <li className="px-3 py-2 text-sm text-muted-foreground">No item found</li>
          ) : (
            options.map((box, i) => (
              <li
                key={box.id}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={cn(
                  'flex cursor-pointer items-center justify-between gap-2 px-3 py-2 text-sm',
                  i === active && 'bg-muted',
                )}
                onMouseEnter={() => setActive(i)}
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(box);
                }}
                data-testid="mailbox-option"
              >
                <MailboxName box={box} />
                <MailboxStatusBadge status={box.status} />
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}

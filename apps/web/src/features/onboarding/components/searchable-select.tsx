import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronDown } from 'lucide-react';
import { inputClasses } from '../../../components/ui/input';
import { cn } from '../../../lib/utils';

export interface SearchableSelectProps {
  id: string;
  /** Lower-case noun for the empty message, e.g. "city". */
  noun: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly string[];
  placeholder?: string;
  /** Enter takes the typed text when nothing matches (spec 2.7, the city dropdown). */
  allowCustom?: boolean;
  disabled?: boolean;
  loading?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'data-testid'?: string;
}

const MAX_SHOWN = 100;

/**
 * A searchable dropdown (combobox with a listbox, WAI-ARIA pattern): type to filter, arrows to move, Enter to
 * choose, Escape to close. Empty list: 'No item found'; with allowCustom: 'No {label} found. Press enter to
 * use "{text}" as value.' (spec 8). The list is at most 15rem high (spec 9).
 */
export function SearchableSelect({
  id,
  noun,
  value,
  onChange,
  options,
  placeholder,
  allowCustom = false,
  disabled,
  loading,
  ...aria
}: SearchableSelectProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);

  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return options.slice(0, MAX_SHOWN);
    const starts: string[] = [];
    const contains: string[] = [];
    for (const option of options) {
      const lower = option.toLowerCase();
      if (lower.startsWith(q)) starts.push(option);
      else if (lower.includes(q)) contains.push(option);
      if (starts.length >= MAX_SHOWN) break;
    }
    return [...starts, ...contains].slice(0, MAX_SHOWN);
  }, [options, query]);

  const choose = (next: string) => {
    onChange(next);
    setOpen(false);
    setQuery('');
  };

  const openList = () => {
    if (disabled) return;
    setOpen(true);
    setActive(0);
  };

  const move = (delta: number) => {
    if (!open) return openList();
    const next = Math.max(0, Math.min(matches.length - 1, active + delta));
    setActive(next);
    listRef.current?.children[next]?.scrollIntoView?.({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      move(1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(-1);
    } else if (event.key === 'Enter') {
      if (!open) return;
      event.preventDefault();
      const picked = matches[active];
      const typed = query.trim();
      if (picked && (!allowCustom || !typed || picked.toLowerCase().includes(typed.toLowerCase()))) choose(picked);
      else if (allowCustom && typed) choose(typed);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setQuery('');
    }
  };

  const onBlur = () => {
    const typed = query.trim().toLowerCase();
    const exact = typed ? options.find((o) => o.toLowerCase() === typed) : undefined;
    if (exact) onChange(exact);
    setOpen(false);
    setQuery('');
  };

  const typed = query.trim();
  const empty = allowCustom && typed ? `No ${noun} found. Press enter to use "${typed}" as value.` : 'No item found';
  const activeId = open && matches[active] ? `${listId}-${active}` : undefined;

  return (
    <div className="relative">
      <input
        id={id}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        autoComplete="off"
        disabled={disabled}
        placeholder={loading ? 'Loading...' : placeholder}
        value={open ? query : value}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          if (!open) setOpen(true);
        }}
        onFocus={openList}
        onClick={openList}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
        className={cn(inputClasses, 'pr-9')}
        {...aria}
      />
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 opacity-60"
      />
      {open ? (
        <ul
          id={listId}
          ref={listRef}
          role="listbox"
          aria-label={`${noun} options`}
          className="absolute z-40 mt-1 max-h-60 w-full overflow-y-auto rounded-lg border bg-background p-1 shadow-lg"
        >
          {matches.length === 0 ? (
            <li role="presentation" className="px-2 py-2 text-sm text-muted-foreground">
              {loading ? 'Loading...' : empty}
            </li>
          ) : (
            matches.map((option, i) => (
              <li
                key={option}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={option === value}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(option)}
                onMouseEnter={() => setActive(i)}
                className={cn(
                  'cursor-default rounded-md px-2 py-2 text-sm select-none',
                  i === active && 'bg-muted',
                  option === value && 'font-semibold text-primary',
                )}
              >
                {option}
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}

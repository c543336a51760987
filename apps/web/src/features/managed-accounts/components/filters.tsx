import { useEffect, useId, useState } from 'react';
import { Label } from '../../../components/ui/label';
import { SearchField } from '../../../components/ui/search-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';

const ALL = 'all';

/** Search box that reports its text 300 ms after typing stops (filters change the page to 1, spec 4). */
export function SearchFilter({
  value,
  onChange,
  label = 'Search',
  placeholder = 'Search by name or email',
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  placeholder?: string;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <SearchField
      label={label}
      placeholder={placeholder}
      className="min-w-0 flex-1 sm:max-w-sm"
      value={text}
      onChange={setText}
      testId="list-search"
    />
  );
}

export interface SelectFilterProps {
  label: string;
  value: string | undefined;
  options: readonly { value: string; label: string }[];
  onChange: (value: string | undefined) => void;
  allLabel?: string;
  testId?: string;
}

/** A filter select with an "All" choice that clears the filter. */
export function SelectFilter({ label, value, options, onChange, allLabel = 'All', testId }: SelectFilterProps) {
  const id = useId();
  return (
    <div className="grid gap-1.5 sm:w-44">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value ?? ALL} onValueChange={(v) => onChange(v === ALL ? undefined : v)}>
        <SelectTrigger id={id} data-testid={testId}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{allLabel}</SelectItem>
          {options.map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

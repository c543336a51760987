import { useEffect, useState } from 'react';
import { SearchField } from '../../../components/ui/search-field';

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

import { Search } from 'lucide-react';
import { FilterField, type FilterFieldProps } from './filter-field';
import { Input } from './input';

/** A list's search box: its label above, a magnifier inside the field, the text as typed (debounce outside). */
export function SearchField({
  value,
  onChange,
  label = 'Search',
  placeholder,
  className,
  testId,
}: Partial<FilterFieldProps> & {
  value: string;
  onChange: (text: string) => void;
  placeholder?: string;
}) {
  return (
    <FilterField label={label} className={className}>
      {(id) => (
        <div className="relative">
          <Search
            aria-hidden="true"
            className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={id}
            type="search"
            placeholder={placeholder}
            className="pl-9"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            data-testid={testId}
          />
        </div>
      )}
    </FilterField>
  );
}

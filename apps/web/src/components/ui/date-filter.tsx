import { FilterField, type FilterFieldProps } from './filter-field';
import { Input } from './input';

/** A list's date (or month) filter: its label above the browser's date field, the value as yyyy-mm(-dd) or ''. */
export function DateFilter({
  label,
  value,
  onChange,
  type = 'date',
  max,
  className,
  testId,
}: FilterFieldProps & {
  value: string;
  onChange: (value: string) => void;
  type?: 'date' | 'month';
  max?: string;
}) {
  return (
    <FilterField label={label} className={className}>
      {(id) => (
        <Input
          id={id}
          type={type}
          value={value}
          max={max}
          onChange={(e) => onChange(e.target.value)}
          data-testid={testId}
        />
      )}
    </FilterField>
  );
}

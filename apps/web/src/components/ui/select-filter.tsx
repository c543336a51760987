import { FilterField, type FilterFieldProps } from './filter-field';
import { SelectOptions } from './choice-select';
import { Select, SelectTrigger, SelectValue } from './select';

export interface FilterOption<T extends string> {
  value: T;
  label: string;
}

/** Options from a list of codes and their labels, in the list's order. */
export function filterOptions<T extends string>(codes: readonly T[], labels: Record<T, string>): FilterOption<T>[] {
  return codes.map((value) => ({ value, label: labels[value] }));
}

const ALL = 'all';

/**
 * A list's filter as a labelled select. With `allLabel`, the first choice means no filter (`undefined`); without
 * it, one of the options is always chosen.
 */
export function SelectFilter<T extends string>({
  label,
  value,
  onChange,
  options,
  allLabel,
  className,
  testId,
}: FilterFieldProps & {
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  options: readonly FilterOption<T>[];
  allLabel?: string;
}) {
  return (
    <FilterField label={label} className={className}>
      {(id) => (
        <Select
          value={value ?? (allLabel ? ALL : undefined)}
          onValueChange={(v) => onChange(allLabel && v === ALL ? undefined : (v as T))}
        >
          <SelectTrigger id={id} data-testid={testId}>
            <SelectValue />
          </SelectTrigger>
          <SelectOptions options={allLabel ? [{ value: ALL, label: allLabel }, ...options] : options} />
        </Select>
      )}
    </FilterField>
  );
}

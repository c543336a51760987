import { useId, type ComponentProps, type ReactNode } from 'react';
import { FieldError } from './field-error';
import { Label } from './label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

export interface SelectOption {
  value: string;
  label: ReactNode;
}

/** The opened list of a select: one item per option, in the given order. */
export function SelectOptions({ options }: { options: readonly SelectOption[] }) {
  return (
    <SelectContent>
      {options.map((o) => (
        <SelectItem key={o.value} value={o.value}>
          {o.label}
        </SelectItem>
      ))}
    </SelectContent>
  );
}

/** A labelled select of `options` (the label points at the trigger, the one focusable part of a Radix select). */
export function LabelledSelect({
  label,
  testId,
  error,
  placeholder,
  options,
  ...props
}: Omit<ComponentProps<typeof Select>, 'children'> & {
  label: string;
  testId?: string;
  error?: string | undefined;
  placeholder?: string;
  options: readonly SelectOption[];
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select {...props}>
        <SelectTrigger id={id} data-testid={testId} aria-invalid={error ? true : undefined}>
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectOptions options={options} />
      </Select>
      <FieldError>{error}</FieldError>
    </div>
  );
}

/** A labelled select whose choices are shown as they are named (a carrier, a unit, a kind of packaging). */
export function ChoiceSelect<T extends string>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: T;
  options: readonly T[];
  onChange: (v: T) => void;
  testId?: string;
}) {
  return (
    <LabelledSelect
      label={label}
      testId={testId}
      value={value}
      onValueChange={(v) => onChange(v as T)}
      options={options.map((o) => ({ value: o, label: o }))}
    />
  );
}

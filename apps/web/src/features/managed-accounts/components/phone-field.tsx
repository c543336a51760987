import type { ComponentProps } from 'react';
import { InputField } from '../../../components/ui/input-field';

/** The phone field of the add and edit forms: ten digits, a number pad on phones, no autofill. */
export function PhoneField({
  label,
  error,
  field,
}: {
  label: string;
  error: string | undefined;
  /** What the form's `register('phone')` returns. */
  field: ComponentProps<'input'>;
}) {
  return (
    <InputField
      label={label}
      error={error}
      description="10 digits, no spaces"
      inputMode="numeric"
      maxLength={10}
      autoComplete="off"
      {...field}
    />
  );
}

import type { ComponentProps, ReactNode } from 'react';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/input';

/** A labelled password field with its show/hide button; the control's id doubles as its data-testid. */
export function PasswordField({
  id,
  label,
  placeholder,
  error,
  autoComplete = 'new-password',
  labelAside,
  testId = id,
  field,
}: {
  id: string;
  label: string;
  placeholder: string;
  error: string | undefined;
  autoComplete?: 'new-password' | 'current-password';
  labelAside?: ReactNode;
  testId?: string;
  /** What the form library's `register(name)` returns. */
  field: Omit<ComponentProps<'input'>, 'type'>;
}) {
  return (
    <FormField id={id} label={label} error={error} labelAside={labelAside}>
      <PasswordInput autoComplete={autoComplete} placeholder={placeholder} data-testid={testId} {...field} />
    </FormField>
  );
}

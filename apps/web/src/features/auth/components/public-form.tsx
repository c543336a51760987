import type { FormEvent, ReactNode } from 'react';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { ReadyFieldset } from '../../../components/ui/ready-fieldset';
import type { LazySchema, LightForm } from '../../../lib/light-form';

/**
 * A form of the prerendered sign-in pages (login, sign up, forgot password): its schema loads when the visitor first
 * touches it, and its controls wait for React to hydrate the page (ReadyFieldset).
 */
export function PublicForm<T>({
  label,
  schema,
  onSubmit,
  children,
}: {
  /** The form's accessible name. */
  label: string;
  schema: LazySchema<T>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-5"
      aria-label={label}
      onFocus={schema.preload}
      onPointerDown={schema.preload}
    >
      <ReadyFieldset>{children}</ReadyFieldset>
    </form>
  );
}

/** The e-mail field of those forms: "Email Address", "Enter email", the browser's e-mail keyboard and autofill. */
export function EmailAddressField({
  id,
  testId,
  error,
  field,
}: {
  id: string;
  testId: string;
  error: string | undefined;
  field: ReturnType<LightForm<{ email: string }>['register']>;
}) {
  return (
    <FormField id={id} label="Email Address" error={error}>
      <Input
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="Enter email"
        data-testid={testId}
        {...field}
      />
    </FormField>
  );
}

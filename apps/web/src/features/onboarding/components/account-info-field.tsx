import type { ComponentProps, ReactNode } from 'react';
import { get, useFormContext, type Path, type RegisterOptions } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import type { AccountInfoValues } from '../lib/account-info-form';

/**
 * A text field of the account-info form: the label, an input registered under `name` (the id doubles as its
 * data-testid) and the field's message. Other props go to the input.
 */
export function AccountInfoField({
  id,
  name,
  label,
  description,
  className,
  onChange,
  ...input
}: {
  id: string;
  name: Path<AccountInfoValues>;
  label: string;
  description?: ReactNode;
  className?: string;
  /** Called after the value changes (the mailbox-name autofill of spec 4). */
  onChange?: () => void;
} & Omit<ComponentProps<'input'>, 'id' | 'name' | 'className' | 'onChange'>) {
  const { register, formState } = useFormContext<AccountInfoValues>();
  const error = (get(formState.errors, name) as { message?: string } | undefined)?.message;
  const options: RegisterOptions<AccountInfoValues> = onChange ? { onChange } : {};
  return (
    <FormField id={id} label={label} error={error} description={description} className={className}>
      <Input data-testid={id} {...input} {...register(name, options)} />
    </FormField>
  );
}

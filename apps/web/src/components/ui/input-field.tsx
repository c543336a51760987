import type { ComponentProps } from 'react';
import { FormField, type FormFieldProps } from './form-field';
import { Input } from './input';

/**
 * A FormField holding a plain text Input: label, error, description, labelAside, id and className go to the field,
 * everything else (a form library's `register(name)` too) to the input.
 */
export function InputField({
  label,
  error,
  description,
  id,
  className,
  labelAside,
  ...input
}: Omit<FormFieldProps, 'children'> & Omit<ComponentProps<'input'>, 'id' | 'className'>) {
  return (
    <FormField
      label={label}
      error={error}
      description={description}
      id={id}
      className={className}
      labelAside={labelAside}
    >
      <Input {...input} />
    </FormField>
  );
}

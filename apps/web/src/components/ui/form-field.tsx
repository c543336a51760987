import { useId, type ReactElement, type ReactNode } from 'react';
import { Slot } from 'radix-ui';
import { cn } from '../../lib/utils';
import { Label } from './label';
import { FieldNotes } from './field-error';

export interface FormFieldProps {
  label: ReactNode;
  /** The spec 5 message for this field, shown in red under it. */
  error?: string;
  description?: ReactNode;
  /** Id of the control; generated when absent. */
  id?: string;
  className?: string;
  /** Something placed on the label's line, right-aligned (e.g. a "Forgot Password ?" link). */
  labelAside?: ReactNode;
  /** Exactly one control; it receives id, aria-invalid and aria-describedby. */
  children: ReactElement;
}

/** Label above, control, then the description and the error message below (docs/design.md, Forms). */
export function FormField({ label, error, description, id, className, labelAside, children }: FormFieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const descriptionId = description ? `${controlId}-description` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={controlId}>{label}</Label>
        {labelAside}
      </div>
      <Slot.Root id={controlId} aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
        {children}
      </Slot.Root>
      <FieldNotes description={description} descriptionId={descriptionId} error={error} errorId={errorId} />
    </div>
  );
}

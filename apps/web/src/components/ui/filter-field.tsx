import { type ReactNode, useId } from 'react';
import { cn } from '../../lib/utils';
import { Label } from './label';

/** What every list filter takes besides its value: its label, the wrapper's width and the control's test id. */
export interface FilterFieldProps {
  label: string;
  /** The wrapper's width (e.g. sm:w-52). */
  className?: string;
  testId?: string;
}

/** A list filter's frame: its label above the control, tied to it by the id the control is given. */
export function FilterField({
  label,
  className,
  children,
}: Omit<FilterFieldProps, 'testId'> & { children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children(id)}
    </div>
  );
}

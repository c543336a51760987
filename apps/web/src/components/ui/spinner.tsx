import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/utils';

export interface SpinnerProps {
  className?: string;
  /** Announced to screen readers; pass null when a surrounding element already says what is loading. */
  label?: string | null;
}

export function Spinner({ className, label = 'Loading' }: SpinnerProps) {
  if (label === null) return <LoaderCircle aria-hidden="true" className={cn('size-4 animate-spin', className)} />;
  return (
    <span role="status" className="inline-flex">
      <LoaderCircle aria-hidden="true" className={cn('size-4 animate-spin', className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

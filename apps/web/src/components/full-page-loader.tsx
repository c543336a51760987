import type { CSSProperties } from 'react';
import { cn } from '../lib/utils';
import { Spinner } from './ui/spinner';

/** A centred spinner with a visible sentence (e.g. 'Loading your profile...'). */
export interface FullPageLoaderProps {
  message?: string;
  className?: string;
  style?: CSSProperties;
}

export function FullPageLoader({ message = 'Loading...', className, style }: FullPageLoaderProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      style={style}
      className={cn('flex min-h-dvh flex-col items-center justify-center gap-3 text-muted-foreground', className)}
    >
      <Spinner label={null} className="size-8 text-primary" />
      <p className="text-sm font-medium">{message}</p>
    </div>
  );
}

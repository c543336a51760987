import type { ReactNode } from 'react';
import { Hourglass } from 'lucide-react';
import { cn } from '../../lib/utils';

export interface NotAvailablePanelProps {
  /** What is not available, e.g. "Inbox". */
  feature?: string;
  children?: ReactNode;
  className?: string;
}

/** Plain notice for screens whose feature is not built yet: no invented data, no fake numbers. */
export function NotAvailablePanel({ feature, children, className }: NotAvailablePanelProps) {
  return (
    <section
      data-testid="not-available"
      aria-label="Not available yet"
      className={cn(
        'flex flex-col items-center gap-3 rounded-card border border-dashed border-input bg-background px-6 py-12 text-center',
        className,
      )}
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Hourglass aria-hidden="true" className="size-6" />
      </span>
      <p className="text-base font-semibold">This feature is not available yet</p>
      <p className="max-w-md text-sm text-muted-foreground">
        {feature ? `${feature} is still being built. ` : 'This part of the product is still being built. '}
        It will appear here as soon as it is ready.
      </p>
      {children}
    </section>
  );
}

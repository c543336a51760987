import type { ReactNode } from 'react';
import { Spinner } from '../../../components/ui/spinner';

/** A centred loading line for the subscription screens (spec 2.8 loading texts). */
export function SubscriptionLoading({ text }: { text: string }) {
  return (
    <div role="status" aria-live="polite" className="flex flex-col items-center justify-center gap-3 py-16 text-center">
      <Spinner label={null} className="size-6 text-primary" />
      <p className="text-sm text-muted-foreground">{text}</p>
    </div>
  );
}

export function ScreenFooter({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-3 border-t pt-6 sm:flex-row sm:items-center sm:justify-between">
      {children}
    </div>
  );
}

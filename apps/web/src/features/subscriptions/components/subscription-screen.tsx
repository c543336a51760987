import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CreditCard } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner';
import { SubscriptionExitActions } from './subscription-exit-actions';

/** A centred loading line for the subscription screens (spec 2.8 loading texts). */
export function SubscriptionLoading({ text }: { text: string }) {
  return (
    <div role="status" aria-live="polite" className="flex flex-col items-center justify-center gap-3 py-16 text-center">
      <Spinner label={null} className="size-6 text-primary" />
      <p className="text-sm text-muted-foreground">{text}</p>
    </div>
  );
}

/** The foot of a subscription screen: the ways out and Update payment method, then the screen's own action. */
export function ScreenFooter({ children }: { children?: ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-3 border-t pt-6 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SubscriptionExitActions />
        <Link
          to="/payment-methods"
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary underline-offset-4 hover:underline"
        >
          <CreditCard aria-hidden="true" className="size-4" />
          Update payment method
        </Link>
      </div>
      {children}
    </div>
  );
}

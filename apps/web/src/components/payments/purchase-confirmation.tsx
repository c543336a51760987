import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { CircleCheck, X } from 'lucide-react';
import { create } from 'zustand';
import { money, shortDate } from '../../lib/format';
import { useUserStore } from '../../stores/user-store';
import { Button } from '../ui/button';
import { Card } from '../ui/card';

/** What the confirmation shows after a purchase. */
export interface PurchaseConfirmationState {
  invoiceId: string;
  invoiceNumber: string;
  planName: string;
  totalCents: number;
  renewsAt: string | null;
}

/**
 * Held in memory (never persisted: a reload does not show it again) rather than in router state, because the buy
 * screen's own redirect to the dashboard can replace the navigation that carried it. Shown on the first page that
 * renders it, and only there: leaving that page drops it.
 */
const usePurchaseConfirmationStore = create<{
  purchase: PurchaseConfirmationState | null;
  shownOn: string | null;
  clear: () => void;
}>((set) => ({ purchase: null, shownOn: null, clear: () => set({ purchase: null, shownOn: null }) }));

export function showPurchaseConfirmation(purchase: PurchaseConfirmationState): void {
  usePurchaseConfirmationStore.setState({ purchase, shownOn: null });
}

/**
 * The confirmation after a plan purchase: what was bought, what was charged, when it renews, where the
 * invoice is and that the receipt (with the invoice PDF) is on its way by e-mail.
 */
export function PurchaseConfirmation() {
  const location = useLocation();
  const user = useUserStore((s) => s.user);
  const { purchase, shownOn, clear } = usePurchaseConfirmationStore();
  useEffect(() => {
    if (!purchase) return;
    if (shownOn === null) usePurchaseConfirmationStore.setState({ shownOn: location.pathname });
    else if (shownOn !== location.pathname) clear();
  }, [purchase, shownOn, location.pathname, clear]);
  if (!purchase || !user || (shownOn !== null && shownOn !== location.pathname)) return null;
  const invoicePath =
    user.role.code === 'SUB_ADMIN' ? `/my-invoices/${purchase.invoiceId}` : `/invoices-billing/${purchase.invoiceId}`;
  const dismiss = clear;
  return (
    <Card
      role="status"
      aria-labelledby="purchase-confirmation-title"
      data-testid="purchase-confirmation"
      className="relative grid gap-3 border-green/40 bg-green-soft/40 p-5 sm:grid-cols-[auto_1fr]"
    >
      <CircleCheck aria-hidden="true" className="size-8 text-green" />
      <div className="grid gap-2">
        <h2 id="purchase-confirmation-title" className="text-lg font-semibold">
          Payment received — {purchase.planName} is active
        </h2>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted-foreground">Charged today</dt>
          <dd className="font-medium tabular-nums">{money(purchase.totalCents)}</dd>
          {purchase.renewsAt ? (
            <>
              <dt className="text-muted-foreground">Renews</dt>
              <dd>{shortDate(purchase.renewsAt)}</dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">Invoice</dt>
          <dd>
            <Link to={invoicePath} className="font-medium text-primary hover:underline">
              {purchase.invoiceNumber}
            </Link>
          </dd>
        </dl>
        <p className="text-sm text-muted-foreground">A receipt with the invoice PDF is on its way to {user.email}.</p>
      </div>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="absolute top-2 right-2"
        onClick={dismiss}
        aria-label="Dismiss the payment confirmation"
      >
        <X aria-hidden="true" />
      </Button>
    </Card>
  );
}

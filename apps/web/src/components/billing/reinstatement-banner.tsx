import { AlertTriangle } from 'lucide-react';
import { invoiceAlertsApply, pendingInvoicesPath, usePendingInvoiceCount } from '../../lib/pending-invoices';
import { useUserStore } from '../../stores/user-store';
import { LinkButton } from '../ui/link-button';

/**
 * The pending-invoice alert of the inbox and archive (spec 7: invoices/pending/count?category=reinstatement):
 * mail work stops being handled once reinstatement is due, so the customer sees why and where to pay.
 */
export function ReinstatementBanner() {
  const user = useUserStore((s) => s.user);
  const applies = !!user && invoiceAlertsApply(user.role.code, user.tier);
  const count = usePendingInvoiceCount(user?.id ?? null, 'reinstatement', applies);
  if (!user || !applies || !count.data) return null;
  return (
    <div
      role="alert"
      data-testid="reinstatement-banner"
      className="flex flex-col gap-3 rounded-card border border-destructive/30 bg-destructive-soft p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
        <div className="grid gap-0.5">
          <p className="font-semibold text-destructive">Reinstatement Required</p>
          <p className="text-sm">
            {count.data === 1 ? 'An invoice has' : `${count.data} invoices have`} gone unpaid for more than 15 days. Pay
            what is pending to reinstate your mailbox service.
          </p>
        </div>
      </div>
      <LinkButton to={pendingInvoicesPath(user.role.code)} variant="destructive" size="sm">
        View pending invoices
      </LinkButton>
    </div>
  );
}

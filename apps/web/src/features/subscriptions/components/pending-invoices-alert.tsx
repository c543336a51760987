import { useState } from 'react';
import { Link } from 'react-router';
import { AlertTriangle, ReceiptText } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { useUserStore } from '../../../stores/user-store';
import { invoiceAlertsApply, pendingInvoicesPath, usePendingInvoiceCount } from '../../../lib/pending-invoices';

const DISMISSED_KEY = 'postwise:invoice-alert-dismissed';

function dismissedFor(userId: string): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === userId;
  } catch {
    return false;
  }
}

/**
 * Pending Invoices Alert and Reinstatement Required (spec 2.8): shown once per browser session when the
 * signed-in account has open invoices (reinstatement ones first); never for the super admin or tier pro.
 */
export function PendingInvoicesAlerts() {
  const user = useUserStore((s) => s.user);
  const role = user?.role.code ?? 'USER';
  const applies = !!user && invoiceAlertsApply(role, user.tier);
  const [dismissed, setDismissed] = useState(() => (user ? dismissedFor(user.id) : true));
  const reinstatement = usePendingInvoiceCount(user?.id ?? null, 'reinstatement', applies && !dismissed);
  const pending = usePendingInvoiceCount(user?.id ?? null, 'all', applies && !dismissed);
  if (!user || !applies || dismissed) return null;

  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, user.id);
    } catch {
      // private mode: the alert simply shows again next time
    }
    setDismissed(true);
  };
  const link = pendingInvoicesPath(role);
  const reinstatementCount = reinstatement.data ?? 0;
  const pendingCount = pending.data ?? 0;

  if (reinstatementCount > 0) {
    return (
      <Dialog open onOpenChange={(open) => !open && dismiss()}>
        <DialogContent data-testid="reinstatement-dialog">
          <DialogHeader>
            <span className="mb-1 flex size-11 items-center justify-center rounded-full bg-destructive-soft text-destructive">
              <AlertTriangle aria-hidden="true" className="size-6" />
            </span>
            <DialogTitle>Reinstatement Required</DialogTitle>
            <DialogDescription>
              Your account has gone unpaid for more than 15 days, so a reinstatement fee applies. Pay your pending
              invoices to reinstate your mailbox service.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={dismiss}>
              Later
            </Button>
            <Button asChild variant="destructive" onClick={dismiss}>
              <Link to={link}>View pending invoices</Link>
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    );
  }
  if (pendingCount > 0) {
    return (
      <Dialog open onOpenChange={(open) => !open && dismiss()}>
        <DialogContent data-testid="pending-invoices-alert">
          <DialogHeader>
            <span className="mb-1 flex size-11 items-center justify-center rounded-full bg-warning-soft text-warning">
              <ReceiptText aria-hidden="true" className="size-6" />
            </span>
            <DialogTitle>Pending Invoices</DialogTitle>
            <DialogDescription>
              You have {pendingCount} pending {pendingCount === 1 ? 'invoice' : 'invoices'}. Payment is due within 14
              days; a late fee applies for each week an invoice stays unpaid.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={dismiss}>
              Later
            </Button>
            <Button asChild onClick={dismiss}>
              <Link to={link}>View pending invoices</Link>
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    );
  }
  return null;
}

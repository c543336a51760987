import { useState, type ReactNode } from 'react';
import { AlertTriangle, ReceiptText, type LucideIcon } from 'lucide-react';
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
import { LinkButton } from '../../../components/ui/link-button';

const DISMISSED_KEY = 'postwise:invoice-alert-dismissed';

function dismissedFor(userId: string): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === userId;
  } catch {
    return false;
  }
}

const TONES = {
  destructive: { icon: 'bg-destructive-soft text-destructive', button: 'destructive' },
  warning: { icon: 'bg-warning-soft text-warning', button: 'default' },
} as const;

/** The alert's dialog: icon, title and text, then Later (dismisses) or the link to the pending invoices. */
function InvoiceAlertDialog({
  testId,
  tone,
  icon: Icon,
  title,
  link,
  onDismiss,
  children,
}: {
  testId: string;
  tone: keyof typeof TONES;
  icon: LucideIcon;
  title: string;
  link: string;
  onDismiss: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onDismiss()}>
      <DialogContent data-testid={testId}>
        <DialogHeader>
          <span className={`mb-1 flex size-11 items-center justify-center rounded-full ${TONES[tone].icon}`}>
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{children}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onDismiss}>
            Later
          </Button>
          <LinkButton to={link} variant={TONES[tone].button} onClick={onDismiss}>
            View pending invoices
          </LinkButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
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
      <InvoiceAlertDialog
        testId="reinstatement-dialog"
        tone="destructive"
        icon={AlertTriangle}
        title="Reinstatement Required"
        link={link}
        onDismiss={dismiss}
      >
        Your account has gone unpaid for more than 15 days, so a reinstatement fee applies. Pay your pending invoices to
        reinstate your mailbox service.
      </InvoiceAlertDialog>
    );
  }
  if (pendingCount > 0) {
    return (
      <InvoiceAlertDialog
        testId="pending-invoices-alert"
        tone="warning"
        icon={ReceiptText}
        title="Pending Invoices"
        link={link}
        onDismiss={dismiss}
      >
        You have {pendingCount} pending {pendingCount === 1 ? 'invoice' : 'invoices'}. Payment is due within 14 days; a
        late fee applies for each week an invoice stays unpaid.
      </InvoiceAlertDialog>
    );
  }
  return null;
}

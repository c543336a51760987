import type { Invoice, InvoiceCategory } from '@postwise/shared/billing';
import { StatusBadge } from '../../../components/ui/badge';

const CATEGORY_LABELS: Record<InvoiceCategory, string> = {
  subscription: 'Subscription',
  topup: 'Scan package',
  reinstatement: 'Reinstatement fee',
  late_fee: 'Late fee',
  mail_request: 'Mail request',
  shipment: 'Shipment',
};

export function categoryLabel(category: InvoiceCategory): string {
  return CATEGORY_LABELS[category] ?? category;
}

/** Open invoices are shown as Pending (the spec's p_s=pending filter), or Overdue once past their due date. */
export function InvoiceStatusBadge({ invoice }: { invoice: Pick<Invoice, 'status' | 'overdue'> }) {
  const status = invoice.status === 'open' ? (invoice.overdue ? 'overdue' : 'pending') : invoice.status;
  return <StatusBadge status={status} />;
}

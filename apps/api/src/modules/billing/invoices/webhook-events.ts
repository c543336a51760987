import type { Db } from '../../../db/client';
import { emitWebhookEvent } from '../../platform';
import type { InvoiceRow } from '../schema/invoices';

/** invoice.paid, in the transaction that marks the invoice paid (the payer's endpoints, and their sub-admin's). */
export async function emitInvoicePaid(tx: Db, invoice: InvoiceRow | undefined): Promise<void> {
  if (!invoice || invoice.status !== 'paid') return;
  await emitWebhookEvent(tx, {
    userId: invoice.userId,
    type: 'invoice.paid',
    data: {
      invoice: {
        id: invoice.id,
        number: invoice.number,
        category: invoice.category,
        totalCents: invoice.totalCents,
        currency: invoice.currency,
        issuerUserId: invoice.issuerUserId,
        paidAt: (invoice.paidAt ?? invoice.updatedAt).toISOString(),
      },
    },
    created: invoice.paidAt ?? undefined,
  });
}

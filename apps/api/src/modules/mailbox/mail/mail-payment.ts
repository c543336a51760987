import type { Db } from '../../../db/client';
import type { InvoiceLine } from '../../billing';
import type { PaymentProvider } from '../../../integrations/payments/payment-provider';
import { chargeDefaultCard, linkChargeToInvoice } from '../../billing';
import { insertInvoice } from '../../billing';
import { lockBillingUser } from '../../billing';

export type MailPaymentOutcome =
  { status: 'paid'; invoiceId: string; replayed: boolean } | { status: 'failed'; code: string; message: string };

/**
 * Charges a mail request's price (forward postage, handling, insurance, consolidation; an approved higher quote)
 * through billing's own charge function, with the request key as its idempotency key, and records the paid
 * invoice (category mail_request) in the caller's transaction. A key that already succeeded is not charged again.
 */
export async function payMailRequest(
  tx: Db,
  payments: PaymentProvider,
  input: {
    userId: string;
    issuerUserId: string | null;
    requestKey: string;
    description: string;
    lines: InvoiceLine[];
    now: Date;
  },
): Promise<MailPaymentOutcome> {
  await lockBillingUser(tx, input.userId);
  const amountCents = input.lines.reduce((sum, l) => sum + l.amountCents, 0);
  const charge = await chargeDefaultCard(tx, payments, {
    userId: input.userId,
    amountCents,
    description: input.description,
    requestKey: input.requestKey,
    invoiceId: null,
    metadata: { category: 'mail_request' },
  });
  if (charge.status === 'failed') return { status: 'failed', code: charge.code, message: charge.message };
  if (charge.replayed && charge.transaction.invoiceId) {
    return { status: 'paid', invoiceId: charge.transaction.invoiceId, replayed: true };
  }
  const invoice = await insertInvoice(tx, {
    userId: input.userId,
    issuerUserId: input.issuerUserId,
    category: 'mail_request',
    lines: input.lines,
    currency: 'usd',
    status: 'paid',
    dueAt: input.now,
    paidAt: input.now,
  });
  await linkChargeToInvoice(tx, charge.transaction.id, invoice.id);
  return { status: 'paid', invoiceId: invoice.id, replayed: false };
}

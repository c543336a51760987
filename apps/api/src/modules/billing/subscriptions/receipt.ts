import { formatCents } from '@postwise/shared/plans';
import { and, eq, isNull } from 'drizzle-orm';
import { invoices } from '../schema/invoices';
import { transactions } from '../schema/transactions';
import { purchaseReceiptEmail } from '../../../integrations/mailer/templates';
import type { BillingContext } from '../charges/billing-context';
import { loadInvoiceDto, toTransactionDto, transactionQuery } from '../invoices/invoice-records';
import { renderInvoicePdf } from '../invoices/invoice-pdf';
import { findUserById } from '../../identity';

const day = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
    : null;

const brandName = (brand: string) => brand.charAt(0).toUpperCase() + brand.slice(1);

/**
 * The receipt of a paid purchase invoice, with the invoice PDF attached: sent once per invoice. The invoice row is
 * claimed first (`receipt_sent_at`), so a retried purchase, a replay or a second worker never sends it twice; if the
 * e-mail cannot go out the claim is released and the failure logged (the purchase itself stands either way).
 */
export async function sendReceiptOnce(ctx: BillingContext, invoiceId: string): Promise<boolean> {
  if (!ctx.mailer) return false;
  const [claimed] = await ctx.db
    .update(invoices)
    .set({ receiptSentAt: ctx.now() })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'paid'), isNull(invoices.receiptSentAt)))
    .returning({ id: invoices.id, userId: invoices.userId });
  if (!claimed) return false;
  try {
    const invoice = await loadInvoiceDto(ctx.db, invoiceId);
    const payments = (await transactionQuery(ctx.db).where(eq(transactions.invoiceId, invoiceId))).map(
      toTransactionDto,
    );
    const user = await findUserById(ctx.db, claimed.userId);
    if (!user) throw new Error(`user ${claimed.userId} vanished`);
    const card = payments.find((p) => p.kind === 'charge' && p.status === 'succeeded')?.card ?? null;
    const pdf = await renderInvoicePdf(invoice, payments);
    const page = user.roleCode === 'SUB_ADMIN' ? '/my-invoices' : '/invoices-billing';
    await ctx.mailer.send(
      purchaseReceiptEmail(user.email, {
        name: user.fullName,
        invoiceNumber: invoice.number,
        planName: invoice.planName ?? invoice.lines[0]?.description ?? 'your purchase',
        amount: formatCents(invoice.totalCents, { alwaysDecimals: true }),
        paidOn: day(invoice.paidAt) ?? day(new Date().toISOString())!,
        renewsOn: invoice.category === 'subscription' ? day(invoice.periodEnd) : null,
        cardLabel: card ? `${brandName(card.brand)} ending in ${card.last4}` : null,
        invoicesUrl: `${ctx.publicUrl ?? ''}${page}`,
        pdf,
      }),
    );
    return true;
  } catch (err) {
    await ctx.db.update(invoices).set({ receiptSentAt: null }).where(eq(invoices.id, invoiceId));
    ctx.log.warn({ err, invoiceId }, 'receipt e-mail not sent');
    return false;
  }
}

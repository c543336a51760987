import { formatCents } from '@postwise/shared/plans';
import { and, eq, isNull } from 'drizzle-orm';
import { invoices } from '../schema/invoices';
import { transactions } from '../schema/transactions';
import { purchaseReceiptEmail } from '../../../integrations/mailer/templates';
import type { BillingContext } from '../context';
import { loadInvoiceDto, toInvoiceDocument, toTransactionDto, transactionQuery } from '../invoices/invoice-records';
import { renderInvoicePdf } from '../invoices/invoice-pdf';
import { findUserById } from '../../identity';

const day = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
    : null;

const brandName = (brand: string) => brand.charAt(0).toUpperCase() + brand.slice(1);

/**
 * The receipt of a paid purchase invoice, with the invoice PDF attached: sent once per invoice. The invoice row is
 * claimed (`receipt_sent_at`) in the transaction that queues the e-mail (key `receipt:<invoice>`), so a retried
 * purchase, a replay or a second worker never queues it twice, and a queued receipt is delivered by the job queue
 * however long SMTP is away (the purchase itself stands either way).
 */
export async function sendReceiptOnce(ctx: BillingContext, invoiceId: string): Promise<boolean> {
  const emails = ctx.emails;
  if (!emails) return false;
  const [open] = await ctx.db
    .select({ userId: invoices.userId })
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'paid'), isNull(invoices.receiptSentAt)));
  if (!open) return false;
  try {
    const invoice = await toInvoiceDocument(ctx.db, ctx.issuers, await loadInvoiceDto(ctx.db, invoiceId, ctx.now()));
    const payments = (await transactionQuery(ctx.db).where(eq(transactions.invoiceId, invoiceId))).map(
      toTransactionDto,
    );
    const user = await findUserById(ctx.db, open.userId);
    if (!user) throw new Error(`user ${open.userId} vanished`);
    const card = payments.find((p) => p.kind === 'charge' && p.status === 'succeeded')?.card ?? null;
    const pdf = await renderInvoicePdf(invoice, payments);
    const page = user.roleCode === 'SUB_ADMIN' ? '/my-invoices' : '/invoices-billing';
    const message = purchaseReceiptEmail(user.email, {
      name: user.fullName,
      invoiceNumber: invoice.number,
      planName: invoice.planName ?? invoice.lines[0]?.description ?? 'your purchase',
      amount: formatCents(invoice.totalCents, { alwaysDecimals: true }),
      paidOn: day(invoice.paidAt) ?? day(new Date().toISOString())!,
      renewsOn: invoice.category === 'subscription' ? day(invoice.periodEnd) : null,
      cardLabel: card ? `${brandName(card.brand)} ending in ${card.last4}` : null,
      invoicesUrl: `${ctx.publicUrl ?? ''}${page}`,
      pdf,
    });
    return await ctx.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(invoices)
        .set({ receiptSentAt: ctx.now() })
        .where(and(eq(invoices.id, invoiceId), isNull(invoices.receiptSentAt)))
        .returning({ id: invoices.id });
      if (!claimed) return false;
      await emails.send(message, { db: tx, key: `receipt:${invoiceId}` });
      return true;
    });
  } catch (err) {
    ctx.log.warn({ err, invoiceId }, 'receipt e-mail not queued');
    return false;
  }
}

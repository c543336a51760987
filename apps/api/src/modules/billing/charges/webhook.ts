import { and, eq, isNull } from 'drizzle-orm';
import { invoices } from '../schema/invoices';
import { providerEvents } from '../schema/provider-events';
import { transactions } from '../schema/transactions';
import { type ProviderEvent, WebhookSignatureError } from '../../../integrations/payments/payment-provider';
import { badRequest } from '../../../lib/errors';
import { reactivateIfSettled } from '../subscriptions/service';
import type { BillingContext } from '../context';
import { emitInvoicePaid } from '../invoices/webhook-events';

export interface WebhookResult {
  received: true;
  duplicate: boolean;
  eventId: string;
}

/**
 * A provider webhook: the signature is verified, the event stored once (unique provider event id) and applied
 * in the same transaction. Our charges settle synchronously, so events mostly confirm what is recorded; a
 * payment that succeeded at the provider after we recorded a failure marks the transaction and invoice paid.
 */
export async function handleWebhook(
  ctx: BillingContext,
  rawBody: string,
  signature: string | undefined,
): Promise<WebhookResult> {
  let event: ProviderEvent;
  try {
    event = ctx.payments.parseWebhook(rawBody, signature);
  } catch (err) {
    if (err instanceof WebhookSignatureError) throw badRequest('Invalid webhook signature');
    throw err;
  }
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(providerEvents)
      .values({
        provider: ctx.payments.name,
        eventId: event.id,
        type: event.type,
        payload: event.payload as object,
        receivedAt: now,
      })
      .onConflictDoNothing({ target: [providerEvents.provider, providerEvents.eventId] })
      .returning({ id: providerEvents.id });
    if (!stored) return { received: true as const, duplicate: true, eventId: event.id };

    if (event.chargeId && event.outcome) {
      const [txn] = await tx
        .select()
        .from(transactions)
        .where(and(eq(transactions.provider, ctx.payments.name), eq(transactions.providerChargeId, event.chargeId)))
        .limit(1);
      if (txn?.intentId) {
        // A purchase of the ledger settles from the provider's own answers (and refunds a charge that landed after
        // it was given up); the event only confirms it.
        ctx.log.info({ eventId: event.id, transactionId: txn.id }, 'provider event for a ledger purchase');
      } else if (txn && event.outcome === 'succeeded' && txn.status === 'failed') {
        await tx
          .update(transactions)
          .set({ status: 'succeeded', failureCode: null, failureMessage: null })
          .where(eq(transactions.id, txn.id));
        if (txn.invoiceId) {
          const [invoice] = await tx
            .update(invoices)
            .set({ status: 'paid', paidAt: now, updatedAt: now })
            .where(and(eq(invoices.id, txn.invoiceId), eq(invoices.status, 'open')))
            .returning();
          await emitInvoicePaid(tx, invoice);
          if (invoice?.subscriptionId) await reactivateIfSettled(tx, invoice.subscriptionId, now);
        }
      } else if (txn && event.outcome === 'failed' && txn.status === 'succeeded') {
        // A charge reversed after it succeeded needs a person (refund or dispute): keep it visible in the log.
        ctx.log.warn({ eventId: event.id, transactionId: txn.id }, 'provider reports a failure for a succeeded charge');
      }
    }
    await tx
      .update(providerEvents)
      .set({ processedAt: now })
      .where(and(eq(providerEvents.id, stored.id), isNull(providerEvents.processedAt)));
    return { received: true as const, duplicate: false, eventId: event.id };
  });
}

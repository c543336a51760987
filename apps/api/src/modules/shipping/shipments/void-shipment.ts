import type { ShipmentDto } from '@postwise/shared/schemas/shipping-dto';
import { VOIDABLE_STATUSES } from '@postwise/shared/shipping/lifecycle';
import { and, eq, sql } from 'drizzle-orm';
import { shipments } from '../schema/shipments';
import { shippingAccounts } from '../schema/shipping';
import { transactions, markLinesVoided, refundCharge, lockBillingUser } from '../../billing';
import type { PaymentProvider } from '../../../integrations/payments/payment-provider';
import { conflict } from '../../../lib/errors';
import type { QuoteContext } from './create-quote';
import { removeFromOpenInvoice } from './pay-later';
import { findVisibleShipment, toShipmentDto } from './shipment-records';
import type { Actor } from '../../identity';
import { emitShipmentUpdated } from './webhook-events';
import { type CarrierVoidJobData, queueCarrierVoid } from './carrier-jobs';

export const NOT_VOIDABLE = 'Only an unused label can be voided.';
export const VOID_REFUSED = 'The carrier did not accept the void. Please try again later.';

/**
 * POST shipments/{id}/void: voids an unused label at the carrier, then refunds it. A pay-later shipment still on
 * an open invoice comes off that invoice. A paid one is refunded as shipping credit (spent first on the next label)
 * or, when asked, to the card it was paid with (`refundTo: card`): the card's share goes back through the payment
 * provider (billing/refund.ts: reserve → refund → record, after the void is committed, no lock held); any share paid
 * with shipping credit goes back as credit. A refund the provider refuses falls back to shipping credit, so the
 * customer never loses the money; the shipment says which it was.
 */
export async function voidShipment(
  ctx: QuoteContext,
  actor: Actor,
  id: string,
  refundTo: 'credit' | 'card',
  payments?: PaymentProvider,
): Promise<ShipmentDto> {
  const row = await findVisibleShipment(ctx.db, actor, id);
  if (!VOIDABLE_STATUSES.includes(row.status)) throw conflict(NOT_VOIDABLE);
  const adapter = row.provider ? await ctx.carriers.byProvider(ctx.db, row.provider) : null;
  // The carrier's refund of the label, asked again by a job when the carrier cannot be reached now.
  let carrierVoid: CarrierVoidJobData | null = null;
  if (adapter && row.provider && row.carrierTrackingNumber && row.providerShipmentId) {
    const request = {
      carrier: row.carrier,
      trackingNumber: row.carrierTrackingNumber,
      providerShipmentId: row.providerShipmentId,
    };
    let accepted: boolean;
    try {
      accepted = await adapter.voidLabel(request);
    } catch (err) {
      // No answer is not a refusal: the void goes ahead and the carrier is asked again until it answers.
      ctx.log.warn({ err, shipmentId: row.id }, 'carrier unreachable at void; its refund request is queued');
      carrierVoid = { shipmentId: row.id, uniqueId: row.uniqueId, provider: row.provider, ...request };
      accepted = true;
    }
    if (!accepted) throw conflict(VOID_REFUSED);
  }
  const now = ctx.now();
  const pending: { cardRefund: { charge: typeof transactions.$inferSelect; cents: number } | null } = {
    cardRefund: null,
  };
  const updated = await ctx.db.transaction(async (tx) => {
    if (row.userId) await lockBillingUser(tx, row.userId);
    const price = row.priceCents ?? 0;
    let refund: { to: 'credit' | 'card' | null; cents: number } = { to: refundTo, cents: price };
    if (row.payLater && (await removeFromOpenInvoice(tx, row, now))) {
      // Nothing was paid yet: taking it off the open invoice is the whole refund.
      refund = { to: null, cents: 0 };
    } else if (row.userId && price > 0) {
      // The card's share (what the card was charged for this label) goes back to the card when asked and possible.
      const [charge] =
        refundTo === 'card' && row.transactionId && payments
          ? await tx
              .select()
              .from(transactions)
              .where(and(eq(transactions.id, row.transactionId), eq(transactions.status, 'succeeded')))
          : [];
      const toCard = charge?.kind === 'charge' && charge.providerChargeId ? Math.min(price, charge.amountCents) : 0;
      if (charge && toCard > 0) pending.cardRefund = { charge, cents: toCard };
      refund = { to: toCard > 0 ? 'card' : 'credit', cents: price };
      await addCredit(tx, row.userId, price - toCard, now);
      // The label's line stays on the paid invoice, marked voided: it earns no margin in payouts.
      if (row.invoiceId) await markLinesVoided(tx, row.invoiceId, row.id);
    }
    const [changed] = await tx
      .update(shipments)
      .set({
        status: 'voided',
        voidedAt: now,
        refundTo: refund.to,
        refundCents: refund.cents,
        nextTrackingAt: null,
        updatedAt: now,
      })
      // Two voids at once: only the one that still sees label_created refunds.
      .where(and(eq(shipments.id, row.id), eq(shipments.status, 'label_created')))
      .returning();
    if (!changed) throw conflict(NOT_VOIDABLE);
    if (carrierVoid) await queueCarrierVoid(tx, carrierVoid);
    // Integrators learn of the void the way they learn of tracking: one shipment.updated, sent only if it commits.
    await emitShipmentUpdated(tx, row, 'voided', { detail: 'Label voided', at: now });
    return changed;
  });
  const refund = pending.cardRefund;
  if (!refund || !payments || !row.userId) return toShipmentDto(updated, actor);

  const outcome = await refundCharge(
    { db: ctx.db, payments, now: ctx.now },
    {
      charge: refund.charge,
      amountCents: refund.cents,
      reason: `shipment-void:${row.id}`,
      description: `Refund of label ${row.uniqueId}`,
    },
  );
  if (outcome.status !== 'failed') return toShipmentDto(updated, actor);
  // Refused by the provider: the customer gets the money as shipping credit instead, and the shipment says so.
  const userId = row.userId;
  const fallback = await ctx.db.transaction(async (tx) => {
    await lockBillingUser(tx, userId);
    await addCredit(tx, userId, refund.cents, ctx.now());
    const [changed] = await tx
      .update(shipments)
      .set({ refundTo: 'credit', updatedAt: ctx.now() })
      .where(eq(shipments.id, row.id))
      .returning();
    return changed ?? updated;
  });
  ctx.log.warn({ shipmentId: row.id, reason: outcome.message }, 'card refund refused; refunded as shipping credit');
  return toShipmentDto(fallback, actor);
}

async function addCredit(tx: Parameters<typeof removeFromOpenInvoice>[0], userId: string, cents: number, now: Date) {
  if (cents <= 0) return;
  await tx
    .insert(shippingAccounts)
    .values({ userId, creditBalanceCents: cents, updatedAt: now })
    .onConflictDoUpdate({
      target: shippingAccounts.userId,
      set: { creditBalanceCents: sql`${shippingAccounts.creditBalanceCents} + ${cents}`, updatedAt: now },
    });
}

import type { ShipmentDto } from '@postwise/shared/schemas/shipping-dto';
import { VOIDABLE_STATUSES } from '@postwise/shared/shipping/lifecycle';
import { and, eq, sql } from 'drizzle-orm';
import { shipments } from '../../db/schema/shipments';
import { shippingAccounts } from '../../db/schema/shipping';
import { conflict } from '../../lib/errors';
import { lockBillingUser } from '../payment-methods/service';
import type { QuoteContext } from './create-quote';
import { removeFromOpenInvoice } from './pay-later';
import { findVisibleShipment, toShipmentDto } from './shipment-records';
import type { ShippingActor } from './shipper-access';

export const NOT_VOIDABLE = 'Only an unused label can be voided.';
export const VOID_REFUSED = 'The carrier did not accept the void. Please try again later.';

/**
 * POST shipments/{id}/void: voids an unused label at the carrier, then refunds it. A pay-later shipment still on
 * an open invoice comes off that invoice. A paid one is refunded as shipping credit (spent first on the next label)
 * or, when asked, marked for a refund to the card (`refundTo: card`; the payment provider's refund call belongs
 * to billing, which processes it).
 */
export async function voidShipment(
  ctx: QuoteContext,
  actor: ShippingActor,
  id: string,
  refundTo: 'credit' | 'card',
): Promise<ShipmentDto> {
  const row = await findVisibleShipment(ctx.db, actor, id);
  if (!VOIDABLE_STATUSES.includes(row.status)) throw conflict(NOT_VOIDABLE);
  const adapter = row.provider ? await ctx.carriers.byProvider(ctx.db, row.provider) : null;
  if (adapter && row.carrierTrackingNumber && row.providerShipmentId) {
    const accepted = await adapter.voidLabel({
      carrier: row.carrier,
      trackingNumber: row.carrierTrackingNumber,
      providerShipmentId: row.providerShipmentId,
    });
    if (!accepted) throw conflict(VOID_REFUSED);
  }
  const now = ctx.now();
  const updated = await ctx.db.transaction(async (tx) => {
    if (row.userId) await lockBillingUser(tx, row.userId);
    const price = row.priceCents ?? 0;
    let refund: { to: 'credit' | 'card' | null; cents: number } = { to: refundTo, cents: price };
    if (row.payLater && (await removeFromOpenInvoice(tx, row, now))) {
      // Nothing was paid yet: taking it off the open invoice is the whole refund.
      refund = { to: null, cents: 0 };
    } else if (refundTo === 'credit' && row.userId && price > 0) {
      await tx
        .insert(shippingAccounts)
        .values({ userId: row.userId, creditBalanceCents: price, updatedAt: now })
        .onConflictDoUpdate({
          target: shippingAccounts.userId,
          set: { creditBalanceCents: sql`${shippingAccounts.creditBalanceCents} + ${price}`, updatedAt: now },
        });
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
    return changed;
  });
  return toShipmentDto(updated, actor);
}

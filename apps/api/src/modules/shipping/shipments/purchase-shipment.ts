import { randomInt } from 'node:crypto';
import type { PaymentChoice } from '@postwise/shared/schemas/shipping';
import type { ShipmentDto } from '@postwise/shared/schemas/shipping-dto';
import { eq } from 'drizzle-orm';
import { type NewShipmentRow, type ShipmentRow, shipments } from '../schema/shipments';
import { type QuoteRequestSnapshot, shipmentQuotes, shipmentRates, shippingAccounts } from '../schema/shipping';
import type {
  CarrierAdapter,
  CarrierRate,
  PurchasedLabel,
  RateRequest,
} from '../../../integrations/carriers/carrier-adapter';
import type { PaymentProvider } from '../../../integrations/payments/payment-provider';
import { appError, conflict, notFound } from '../../../lib/errors';
import { chargeDefaultCard, linkChargeToInvoice, NO_CUSTOMER_MESSAGE, NO_DEFAULT_CARD_MESSAGE } from '../../billing';
import { insertInvoice, invoiceLine } from '../../billing';
import { findCustomer, findDefaultPaymentMethod, lockBillingUser, paymentFailed } from '../../billing';
import type { QuoteContext } from './create-quote';
import { addToMonthlyInvoice, assertPayLaterAllowed, findShippingAccount } from './pay-later';
import { findByIdempotencyKey, toShipmentDto } from './shipment-records';
import type { ShippingActor } from './shipper-access';

export const RATE_NOT_FOUND = 'Rate not found';
export const QUOTE_EXPIRED = 'This quote has expired. Please get new rates.';

export interface PurchaseContext extends QuoteContext {
  payments: PaymentProvider;
}

/** Our public tracking number: PW and 10 digits. */
export function newUniqueId(): string {
  let digits = '';
  while (digits.length < 10) digits += randomInt(0, 10).toString();
  return `PW${digits}`;
}

export interface LabelSale {
  /** Who the shipment is for. */
  userId: string;
  idempotencyKey: string;
  payment: PaymentChoice;
  request: QuoteRequestSnapshot;
  rate: {
    id: string | null;
    provider: string;
    carrier: string;
    service: string;
    category: string;
    deliveryDate: string | null;
    costCents: number;
    markupCents: number;
    discountCents: number;
    priceCents: number;
    retailCents: number;
  };
  /** Buys the label (the carrier call); the caller decides which adapter. */
  buy: () => Promise<PurchasedLabel>;
  /** Voids a bought label when recording the sale fails. */
  adapter: Pick<CarrierAdapter, 'voidLabel'>;
}

type Outcome =
  | { kind: 'done'; row: ShipmentRow }
  | { kind: 'replayed'; row: ShipmentRow }
  | { kind: 'failed'; code: string; message: string };

/**
 * The one idempotent operation of a purchase: buy the label, then (in one transaction under the customer's billing
 * lock) charge the card or add to the monthly invoice, and record the shipment and the invoice line. When the
 * carrier sold the label but anything after it fails, the label is voided so nobody pays for a label we lost.
 */
export async function sellLabel(
  ctx: PurchaseContext,
  sale: LabelSale,
): Promise<{ row: ShipmentRow; replayed: boolean }> {
  const earlier = await findByIdempotencyKey(ctx.db, sale.userId, sale.idempotencyKey);
  if (earlier) return { row: earlier, replayed: true };

  const price = sale.rate.priceCents;
  if (sale.payment === 'later') {
    await assertPayLaterAllowed(ctx.db, sale.userId, price);
  } else {
    // Fail before buying a label when there is nothing to charge (the card dialog opens, spec 4).
    const { creditBalanceCents } = await findShippingAccount(ctx.db, sale.userId);
    if (price > creditBalanceCents) {
      if (!(await findCustomer(ctx.db, sale.userId, ctx.payments.name))) {
        throw conflict(NO_CUSTOMER_MESSAGE, 'NO_CUSTOMER_ID');
      }
      if (!(await findDefaultPaymentMethod(ctx.db, sale.userId))) {
        throw conflict(NO_DEFAULT_CARD_MESSAGE, 'NO_DEFAULT_PAYMENT_METHOD');
      }
    }
  }

  const label = await sale.buy();
  let outcome: Outcome;
  try {
    outcome = await recordSale(ctx, sale, label);
  } catch (err) {
    await voidQuietly(ctx, sale, label, err);
    throw err;
  }
  if (outcome.kind === 'failed') {
    await voidQuietly(ctx, sale, label, new Error(outcome.message));
    throw paymentFailed(outcome.code, outcome.message);
  }
  if (outcome.kind === 'replayed') {
    // A concurrent request with the same key won the race: ours is a second label nobody asked for.
    await voidQuietly(ctx, sale, label, new Error('duplicate purchase'));
    return { row: outcome.row, replayed: true };
  }
  return { row: outcome.row, replayed: false };
}

async function voidQuietly(ctx: PurchaseContext, sale: LabelSale, label: PurchasedLabel, cause: unknown) {
  try {
    const voided = await sale.adapter.voidLabel({
      carrier: sale.rate.carrier,
      trackingNumber: label.trackingNumber,
      providerShipmentId: label.providerShipmentId,
    });
    ctx.log.warn({ err: cause, trackingNumber: label.trackingNumber, voided }, 'label voided after a failed purchase');
  } catch (err) {
    // Nothing more we can do here: the log line is what an operator needs to void it by hand.
    ctx.log.error(
      { err, cause, trackingNumber: label.trackingNumber },
      'could not void the label of a failed purchase',
    );
  }
}

async function recordSale(ctx: PurchaseContext, sale: LabelSale, label: PurchasedLabel): Promise<Outcome> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await lockBillingUser(tx, sale.userId);
    const raced = await findByIdempotencyKey(tx, sale.userId, sale.idempotencyKey);
    if (raced) return { kind: 'replayed' as const, row: raced };
    // Checked again under the lock: two pay-later purchases at once must not pass the limit together.
    if (sale.payment === 'later') await assertPayLaterAllowed(tx, sale.userId, sale.rate.priceCents);

    const uniqueId = newUniqueId();
    const { request, rate } = sale;
    const description = `Shipment ${uniqueId}: ${rate.service} to ${request.receiver.name}`;
    let invoiceId: string | null = null;
    let transactionId: string | null = null;
    const shipmentId = crypto.randomUUID();

    if (sale.payment === 'card') {
      const account = await findShippingAccount(tx, sale.userId);
      const fromCredit = Math.min(account.creditBalanceCents, rate.priceCents);
      if (fromCredit > 0) {
        await tx
          .update(shippingAccounts)
          .set({ creditBalanceCents: account.creditBalanceCents - fromCredit, updatedAt: now })
          .where(eq(shippingAccounts.userId, sale.userId));
      }
      const charge = await chargeDefaultCard(tx, ctx.payments, {
        userId: sale.userId,
        amountCents: rate.priceCents - fromCredit,
        description,
        requestKey: `shipment:${sale.userId}:${sale.idempotencyKey}`,
        invoiceId: null,
        metadata: { shipmentId },
      });
      if (charge.status === 'failed') return { kind: 'failed' as const, code: charge.code, message: charge.message };
      const lines = [invoiceLine(description, rate.priceCents)];
      if (fromCredit > 0) lines.push(invoiceLine('Shipping credit applied', -fromCredit));
      const invoice = await insertInvoice(tx, {
        userId: sale.userId,
        issuerUserId: null,
        category: 'shipment',
        lines,
        currency: 'usd',
        status: 'paid',
        dueAt: now,
        paidAt: now,
      });
      await linkChargeToInvoice(tx, charge.transaction.id, invoice.id);
      invoiceId = invoice.id;
      transactionId = charge.transaction.id;
    }

    const values: NewShipmentRow = {
      id: shipmentId,
      uniqueId,
      userId: sale.userId,
      sender: request.sender,
      receiver: request.receiver,
      packages: request.packages.map((p, i) => (i === 0 ? { ...p, trackingNumber: label.trackingNumber } : p)),
      carrier: rate.carrier,
      carrierService: rate.service,
      carrierTrackingNumber: label.trackingNumber,
      shipmentDetails: {
        service: rate.service,
        deliveryDate: rate.deliveryDate,
        deliveryTime: 'By end of day',
        category: rate.category,
      },
      arrivalPreferences: request.preferences,
      listPriceCents: rate.retailCents,
      priceCents: rate.priceCents,
      status: 'label_created',
      payLater: sale.payment === 'later',
      invoiceId,
      rateId: rate.id,
      provider: rate.provider,
      providerShipmentId: label.providerShipmentId,
      breakdown: {
        costCents: rate.costCents,
        markupCents: rate.markupCents,
        discountCents: rate.discountCents,
        priceCents: rate.priceCents,
        retailCents: rate.retailCents,
        savingCents: Math.max(0, rate.retailCents - rate.priceCents),
        savingPercent: rate.retailCents
          ? Math.floor(((rate.retailCents - rate.priceCents) * 100) / rate.retailCents)
          : 0,
      },
      customs: request.customs,
      idempotencyKey: sale.idempotencyKey,
      transactionId,
      receiverName: request.receiver.name.toLowerCase(),
      nextTrackingAt: now,
      createdAt: now,
      updatedAt: now,
    };
    const [row] = await tx.insert(shipments).values(values).returning();
    if (sale.payment === 'later') {
      const openInvoiceId = await addToMonthlyInvoice(tx, {
        userId: sale.userId,
        shipmentId,
        line: invoiceLine(description, rate.priceCents),
        now,
      });
      const [linked] = await tx
        .update(shipments)
        .set({ invoiceId: openInvoiceId })
        .where(eq(shipments.id, shipmentId))
        .returning();
      return { kind: 'done' as const, row: linked! };
    }
    return { kind: 'done' as const, row: row! };
  });
}

/** POST shipments: buys the chosen rate of an unexpired own quote. */
export async function purchaseShipment(
  ctx: PurchaseContext,
  actor: ShippingActor,
  input: { rateId: string; payment: PaymentChoice },
  idempotencyKey: string,
): Promise<{ shipment: ShipmentDto; replayed: boolean }> {
  const earlier = await findByIdempotencyKey(ctx.db, actor.userId, idempotencyKey);
  if (earlier) return { shipment: toShipmentDto(earlier, actor), replayed: true };

  const [found] = await ctx.db
    .select({ rate: shipmentRates, quote: shipmentQuotes })
    .from(shipmentRates)
    .innerJoin(shipmentQuotes, eq(shipmentQuotes.id, shipmentRates.quoteId))
    .where(eq(shipmentRates.id, input.rateId));
  if (!found || found.quote.userId !== actor.userId) throw notFound(RATE_NOT_FOUND);
  if (found.quote.expiresAt.getTime() < ctx.now().getTime()) throw conflict(QUOTE_EXPIRED);

  const { rate, quote } = found;
  const adapter = await ctx.carriers.byProvider(ctx.db, rate.provider);
  if (!adapter) throw appError('SERVICE_UNAVAILABLE', `${rate.carrier} is not available right now.`);
  const request: RateRequest = {
    sender: quote.request.sender as RateRequest['sender'],
    receiver: quote.request.receiver as RateRequest['receiver'],
    packages: quote.request.packages as RateRequest['packages'],
    customs: quote.request.customs,
    preferences: quote.request.preferences as RateRequest['preferences'],
    shipDate: ctx.now(),
  };
  const carrierRate: CarrierRate = {
    provider: rate.provider,
    carrier: rate.carrier,
    service: rate.service,
    category: rate.category as CarrierRate['category'],
    retailCents: rate.retailCents,
    costCents: rate.costCents,
    transitDays: rate.transitDays,
    deliveryDate: rate.deliveryDate,
    providerRef: rate.providerRef,
  };
  const { row, replayed } = await sellLabel(ctx, {
    userId: actor.userId,
    idempotencyKey,
    payment: input.payment,
    request: quote.request,
    rate: { ...rate, id: rate.id },
    buy: () => adapter.buyLabel(carrierRate, request, idempotencyKey),
    adapter,
  });
  return { shipment: toShipmentDto(row, actor), replayed };
}

import { randomBytes, randomInt } from 'node:crypto';
import type { PaymentChoice } from '@postwise/shared/schemas/shipping';
import type { ShipmentDto } from '@postwise/shared/schemas/shipping-dto';
import { formatCents } from '@postwise/shared/plans';
import { fetchCustomsFormWithLabel } from './customs-form';
import { shipmentInsuranceCents } from '@postwise/shared/shipping/insurance';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type {
  CarrierAdapter,
  CarrierRate,
  PurchasedLabel,
  RateRequest,
} from '../../../integrations/carriers/carrier-adapter';
import { sandboxTrackingNumber } from '../../../integrations/carriers/sandbox-carrier';
import { SANDBOX_CARRIERS } from '../../../integrations/carriers/sandbox-rates';
import { appError, conflict, notFound } from '../../../lib/errors';
import {
  charge,
  type IntentRequest,
  paymentFailed,
  type LedgerContext,
  type Purpose,
  invoiceLine,
  insertInvoice,
  linkChargeToInvoice,
  paymentIntents,
  type PaymentIntentRow,
} from '../../billing';
import type { FileStorage } from '../../../integrations/storage/file-storage';
import type { CarrierRegistry } from './carrier-registry';
import { discardCarrierLabel, keepCarrierLabel } from './carrier-label';
import { customsLinesWithWeight, type NewShipmentRow, type ShipmentRow, shipments } from '../schema/shipments';
import {
  type QuoteRequestSnapshot,
  shipmentQuotes,
  shipmentRates,
  shippingAccounts,
  shippingRequests,
} from '../schema/shipping';
import type { QuoteContext } from './create-quote';
import { addToMonthlyInvoice, assertPayLaterAllowed, findShippingAccount } from './pay-later';
import { findByIdempotencyKey, toShipmentDto } from './shipment-records';
import type { Actor } from '../../identity';
import { emitShipmentCreated } from './webhook-events';

export const RATE_NOT_FOUND = 'Rate not found';
export const QUOTE_EXPIRED = 'This quote has expired. Please get new rates.';

export interface PurchaseContext extends QuoteContext, LedgerContext {
  /** Where the carrier's label files are kept with the shipment. */
  storage: FileStorage;
}

/** Our public tracking number: PW and 10 digits. */
export function newUniqueId(): string {
  let digits = '';
  while (digits.length < 10) digits += randomInt(0, 10).toString();
  return `PW${digits}`;
}

/** What a label sale is, as JSON on its intent: recovery finishes or undoes it from this alone. */
export interface LabelSale {
  /** Who the shipment is for. */
  userId: string;
  /** The client's Idempotency-Key, kept on the shipment. */
  idempotencyKey: string;
  payment: PaymentChoice;
  request: QuoteRequestSnapshot;
  rate: {
    id: string | null;
    /** `sandbox`, `easypost`, or `manual` (freight quoted by hand: no carrier API to buy from). */
    provider: string;
    carrier: string;
    service: string;
    category: string;
    deliveryDate: string | null;
    transitDays: number;
    providerRef: Record<string, string>;
    costCents: number;
    markupCents: number;
    discountCents: number;
    priceCents: number;
    retailCents: number;
  };
  /** The shipping request this sale accepts (freight quoted by hand), if any. */
  shippingRequestId?: string;
  /** The insurance of the declared values, charged with the label on top of the rate's price (absent: none). */
  insuranceCents?: number;
}

/** What a sale charges: the rate's price and the insurance bought with it. */
const saleTotalCents = (sale: LabelSale) => sale.rate.priceCents + (sale.insuranceCents ?? 0);

interface LabelPayload {
  sale: LabelSale;
  uniqueId: string;
  shipmentId: string;
  /** Shipping credit reserved for this sale when it opened (given back if it fails). */
  fromCredit: number;
  payLater: boolean;
  [key: string]: unknown;
}

const payloadOf = (intent: PaymentIntentRow) => intent.payload as LabelPayload;

function carrierRateOf(sale: LabelSale): CarrierRate {
  return {
    provider: sale.rate.provider,
    carrier: sale.rate.carrier,
    service: sale.rate.service,
    category: sale.rate.category as CarrierRate['category'],
    retailCents: sale.rate.retailCents,
    costCents: sale.rate.costCents,
    transitDays: sale.rate.transitDays,
    deliveryDate: sale.rate.deliveryDate ?? '',
    providerRef: sale.rate.providerRef,
  };
}

function rateRequestOf(sale: LabelSale, now: Date): RateRequest {
  return {
    sender: sale.request.sender as RateRequest['sender'],
    receiver: sale.request.receiver as RateRequest['receiver'],
    packages: sale.request.packages as RateRequest['packages'],
    customs: customsLinesWithWeight(sale.request.customs),
    preferences: sale.request.preferences as RateRequest['preferences'],
    shipDate: now,
    isReturn: !!sale.request.returnOf,
  };
}

/** A label as the sale keeps it: what the carrier sold, and where its label files were stored (if they could be). */
type AcquiredLabel = PurchasedLabel & { labelKey?: string | null };

/** The carrier's reference for one attempt of a sale: the same attempt never buys a second label. */
const labelReference = (intent: PaymentIntentRow) => `${intent.id}#${intent.attempts}`;

/** Freight booked by hand: the label is ours, nothing is bought from a carrier API. */
function manualLabel(sale: LabelSale): PurchasedLabel {
  const known = SANDBOX_CARRIERS.some((c) => c.name === sale.rate.carrier);
  // Freight is one consignment: one number for all of it.
  return {
    trackingNumber: known
      ? sandboxTrackingNumber(sale.rate.carrier)
      : `PWF${randomBytes(5).toString('hex').toUpperCase()}`,
    providerShipmentId: `manual_${sale.shippingRequestId ?? sale.idempotencyKey}`,
    costCents: sale.rate.costCents,
  };
}

/**
 * Buying a label (the wizard, or accepting a quoted shipping request): the carrier sells the label, then the card
 * is charged (or the monthly invoice gets the line), then the shipment is recorded. Opening reserves the shipping
 * credit it spends and checks the pay-later limit (pending pay-later sales count), under the customer's lock.
 */
export function labelPurpose(carriers: CarrierRegistry, storage: FileStorage): Purpose<LabelSale> {
  async function adapterFor(ctx: LedgerContext, sale: LabelSale): Promise<CarrierAdapter> {
    const adapter = await carriers.byProvider(ctx.db, sale.rate.provider);
    if (!adapter) throw appError('SERVICE_UNAVAILABLE', `${sale.rate.carrier} is not available right now.`);
    return adapter;
  }
  /**
   * The carrier's label files (and an international label's customs form), fetched right after the purchase (no
   * transaction is open in acquire) and kept in storage; what cannot be fetched now is fetched on download.
   */
  async function withLabelFiles(
    ctx: LedgerContext,
    adapter: CarrierAdapter,
    intent: PaymentIntentRow,
    label: PurchasedLabel,
  ): Promise<AcquiredLabel> {
    const { shipmentId, sale } = payloadOf(intent);
    if (adapter.labelFiles && sale.request.customs.length > 0) {
      await fetchCustomsFormWithLabel(storage, adapter, shipmentId, label.providerShipmentId, ctx.log);
    }
    return {
      ...label,
      labelKey: await keepCarrierLabel(storage, adapter, shipmentId, label.providerShipmentId, ctx.log),
    };
  }
  return {
    name: 'label',
    async open(tx, ctx, sale, intent) {
      const price = saleTotalCents(sale);
      const uniqueId = newUniqueId();
      const base = { sale, uniqueId, shipmentId: crypto.randomUUID() };
      const description = `Shipment ${uniqueId}: ${sale.rate.service} to ${sale.request.receiver.name}`;
      if (sale.payment === 'later') {
        await assertPayLaterAllowed(tx, sale.userId, price, intent.id);
        const payload: LabelPayload = { ...base, fromCredit: 0, payLater: true };
        return { amountCents: price, cardCents: 0, description, payload };
      }
      const account = await findShippingAccount(tx, sale.userId);
      const fromCredit = Math.min(account.creditBalanceCents, price);
      if (fromCredit > 0) {
        await tx
          .update(shippingAccounts)
          .set({
            creditBalanceCents: sql`${shippingAccounts.creditBalanceCents} - ${fromCredit}`,
            updatedAt: ctx.now(),
          })
          .where(eq(shippingAccounts.userId, sale.userId));
      }
      const payload: LabelPayload = { ...base, fromCredit, payLater: false };
      return { amountCents: price, cardCents: price - fromCredit, description, payload };
    },
    async acquire(ctx, intent) {
      const { sale } = payloadOf(intent);
      if (sale.rate.provider === 'manual') return { ...manualLabel(sale) };
      const adapter = await adapterFor(ctx, sale);
      const label = await adapter.buyLabel(carrierRateOf(sale), rateRequestOf(sale, ctx.now()), labelReference(intent));
      return { ...(await withLabelFiles(ctx, adapter, intent, label)) };
    },
    async findAcquired(ctx, intent) {
      const { sale } = payloadOf(intent);
      // A manual label was never bought anywhere: nothing to find, nothing lost.
      if (sale.rate.provider === 'manual') return null;
      const adapter = await adapterFor(ctx, sale);
      const label = await adapter.findLabel(carrierRateOf(sale), labelReference(intent));
      return label ? { ...(await withLabelFiles(ctx, adapter, intent, label)) } : null;
    },
    async release(ctx, intent, acquired) {
      const { sale } = payloadOf(intent);
      if (sale.rate.provider === 'manual') return true;
      const label = acquired as unknown as AcquiredLabel;
      if (label.labelKey) await discardCarrierLabel(storage, label.labelKey, ctx.log);
      return (await adapterFor(ctx, sale)).voidLabel({
        carrier: sale.rate.carrier,
        trackingNumber: label.trackingNumber,
        providerShipmentId: label.providerShipmentId,
      });
    },
    async fulfil(tx, ctx, intent, { transaction, acquired }) {
      const payload = payloadOf(intent);
      const label = acquired as unknown as AcquiredLabel;
      const shipment = await recordShipment(tx, ctx.now(), payload, label, transaction?.id ?? null);
      return { shipmentId: shipment.id };
    },
    async abandon(tx, ctx, intent) {
      const { fromCredit, sale } = payloadOf(intent);
      if (fromCredit <= 0) return;
      await tx
        .update(shippingAccounts)
        .set({ creditBalanceCents: sql`${shippingAccounts.creditBalanceCents} + ${fromCredit}`, updatedAt: ctx.now() })
        .where(eq(shippingAccounts.userId, sale.userId));
    },
  };
}

/**
 * Each package row with the tracking number of its first parcel (spec 3's Package.trackingNumber); the numbers of
 * every parcel are the shipment's `parcelTrackingNumbers`. A label with one number for all (freight) puts it on the
 * first row.
 */
export function withParcelTrackingNumbers<P extends { numberOfPackages: number }>(
  packages: readonly P[],
  numbers: readonly string[],
): (P & { trackingNumber?: string | null })[] {
  let next = 0;
  return packages.map((p, i) => {
    const first = numbers.length > 1 ? numbers[next] : i === 0 ? numbers[0] : undefined;
    next += p.numberOfPackages;
    return first ? { ...p, trackingNumber: first } : p;
  });
}

/** The shipment of a paid (or pay-later) sale, with its invoice line naming it and the margin earned on it. */
async function recordShipment(
  tx: Db,
  now: Date,
  payload: LabelPayload,
  label: AcquiredLabel,
  transactionId: string | null,
): Promise<ShipmentRow> {
  const { sale, uniqueId, shipmentId, fromCredit } = payload;
  const { request, rate } = sale;
  // What the line is for, as the customer reads it: the shipment, the service and the tracking number.
  const service = rate.service.toLowerCase().startsWith(rate.carrier.toLowerCase())
    ? rate.service
    : `${rate.carrier} ${rate.service}`;
  const parcelNumbers = label.parcelTrackingNumbers?.length ? label.parcelTrackingNumbers : [label.trackingNumber];
  const named = parcelNumbers.slice(0, 3).join(', ');
  const tracking = parcelNumbers.length > 3 ? `${named} and ${parcelNumbers.length - 3} more` : named;
  const description = `Shipment ${uniqueId}: ${service} to ${request.receiver.name}, tracking ${tracking}`;
  const margin = { marginCents: Math.max(0, rate.priceCents - rate.costCents), ref: shipmentId };
  const insuranceCents = sale.insuranceCents ?? 0;
  const declaredCents = request.packages.reduce(
    (s, p) => s + (p.insuranceDeclared ?? 0) * (p.numberOfPackages ?? 1),
    0,
  );
  // The insurance is its own line: what it covers and what it cost, no margin on it.
  const insuranceLines =
    insuranceCents > 0
      ? [
          {
            ...invoiceLine(
              `Insurance of ${uniqueId}: declared value ${formatCents(declaredCents, { alwaysDecimals: true })}`,
              insuranceCents,
            ),
            marginCents: 0,
            ref: shipmentId,
          },
        ]
      : [];
  let invoiceId: string | null = null;
  if (sale.payment === 'card') {
    const lines = [{ ...invoiceLine(description, rate.priceCents), ...margin }, ...insuranceLines];
    if (fromCredit > 0)
      lines.push({ ...invoiceLine('Shipping credit applied', -fromCredit), marginCents: 0, ref: shipmentId });
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
    if (transactionId) await linkChargeToInvoice(tx, transactionId, invoice.id);
    invoiceId = invoice.id;
  }
  const values: NewShipmentRow = {
    id: shipmentId,
    uniqueId,
    userId: sale.userId,
    sender: request.sender,
    receiver: request.receiver,
    packages: withParcelTrackingNumbers(request.packages, parcelNumbers),
    carrier: rate.carrier,
    carrierService: rate.service,
    carrierTrackingNumber: label.trackingNumber,
    parcelTrackingNumbers: parcelNumbers.map((n) => n.toUpperCase()),
    insuredCents: insuranceCents > 0 ? (label.insuredCents ?? declaredCents) : null,
    returnOfShipmentId: request.returnOf ?? null,
    shipmentDetails: {
      service: rate.service,
      deliveryDate: rate.deliveryDate,
      deliveryTime: 'By end of day',
      category: rate.category,
    },
    arrivalPreferences: request.preferences,
    listPriceCents: rate.retailCents,
    // What was charged: the postage and its insurance (a void refunds both).
    priceCents: rate.priceCents + insuranceCents,
    status: 'label_created',
    payLater: sale.payment === 'later',
    invoiceId,
    rateId: rate.id,
    provider: rate.provider,
    providerShipmentId: label.providerShipmentId,
    labelKey: label.labelKey ?? null,
    breakdown: {
      costCents: rate.costCents,
      markupCents: rate.markupCents,
      discountCents: rate.discountCents,
      priceCents: rate.priceCents,
      retailCents: rate.retailCents,
      savingCents: Math.max(0, rate.retailCents - rate.priceCents),
      savingPercent: rate.retailCents ? Math.floor(((rate.retailCents - rate.priceCents) * 100) / rate.retailCents) : 0,
      insuranceCents,
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
  await emitShipmentCreated(tx, row!);
  let shipment = row!;
  if (sale.payment === 'later') {
    const openInvoiceId = await addToMonthlyInvoice(tx, {
      userId: sale.userId,
      shipmentId,
      line: { ...invoiceLine(description, rate.priceCents), ...margin },
      extraLines: insuranceLines,
      now,
    });
    const [linked] = await tx
      .update(shipments)
      .set({ invoiceId: openInvoiceId })
      .where(eq(shipments.id, shipmentId))
      .returning();
    shipment = linked!;
  }
  if (sale.shippingRequestId) {
    await tx
      .update(shippingRequests)
      .set({ status: 'accepted', shipmentId, acceptedAt: now, updatedAt: now })
      .where(eq(shippingRequests.id, sale.shippingRequestId));
  }
  return shipment;
}

/**
 * The one idempotent operation of a label purchase, through the ledger: a retry with the same key answers the first
 * shipment; the same key with another body (another rate, pay later instead of card) answers 422.
 */
export async function sellLabel(
  ctx: PurchaseContext,
  actor: { userId: string },
  sale: LabelSale,
  body: unknown,
): Promise<{ row: ShipmentRow; replayed: boolean }> {
  const requestKey = `shipment:${sale.userId}:${sale.idempotencyKey}`;
  // Shipments bought before purchases had intents answer their retries from the shipment itself.
  const [intent] = await ctx.db
    .select({ id: paymentIntents.id })
    .from(paymentIntents)
    .where(eq(paymentIntents.requestKey, requestKey));
  if (!intent) {
    const earlier = await findByIdempotencyKey(ctx.db, sale.userId, sale.idempotencyKey);
    if (earlier) return { row: earlier, replayed: true };
  }
  const request: IntentRequest<LabelSale> = {
    purpose: labelPurpose(ctx.carriers, ctx.storage),
    userId: sale.userId,
    requestKey,
    body,
    input: sale,
  };
  const outcome = await charge(ctx, actor, request);
  if (outcome.status === 'failed') throw paymentFailed(outcome.code, outcome.message);
  const [row] = await ctx.db
    .select()
    .from(shipments)
    .where(eq(shipments.id, outcome.result.shipmentId as string));
  if (!row) throw new Error('the sold shipment is missing');
  return { row, replayed: outcome.replayed };
}

/** POST shipments: buys the chosen rate of an unexpired own quote. */
export async function purchaseShipment(
  ctx: PurchaseContext,
  actor: Actor,
  input: { rateId: string; payment: PaymentChoice },
  idempotencyKey: string,
): Promise<{ shipment: ShipmentDto; replayed: boolean }> {
  const [found] = await ctx.db
    .select({ rate: shipmentRates, quote: shipmentQuotes })
    .from(shipmentRates)
    .innerJoin(shipmentQuotes, eq(shipmentQuotes.id, shipmentRates.quoteId))
    .where(eq(shipmentRates.id, input.rateId));
  if (!found || found.quote.userId !== actor.userId) throw notFound(RATE_NOT_FOUND);
  const [bought] = await ctx.db
    .select({ id: paymentIntents.id })
    .from(paymentIntents)
    .where(eq(paymentIntents.requestKey, `shipment:${actor.userId}:${idempotencyKey}`));
  // A retry of a purchase answers it even after the quote expired; only a new purchase needs a live quote.
  if (!bought && found.quote.expiresAt.getTime() < ctx.now().getTime()) throw conflict(QUOTE_EXPIRED);

  const { rate, quote } = found;
  const { row, replayed } = await sellLabel(
    ctx,
    actor,
    {
      userId: actor.userId,
      idempotencyKey,
      payment: input.payment,
      request: quote.request,
      rate: {
        id: rate.id,
        provider: rate.provider,
        carrier: rate.carrier,
        service: rate.service,
        category: rate.category,
        deliveryDate: rate.deliveryDate,
        transitDays: rate.transitDays,
        providerRef: rate.providerRef,
        costCents: rate.costCents,
        markupCents: rate.markupCents,
        discountCents: rate.discountCents,
        priceCents: rate.priceCents,
        retailCents: rate.retailCents,
      },
      insuranceCents: shipmentInsuranceCents(quote.request.packages),
    },
    { rateId: input.rateId, payment: input.payment },
  );
  return { shipment: toShipmentDto(row, actor), replayed };
}

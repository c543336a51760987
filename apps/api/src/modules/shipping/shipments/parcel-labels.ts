import type { Address, Package } from '@postwise/shared/schemas/shipping';
import type { Db } from '../../../db/client';
import type {
  CarrierAdapter,
  CarrierRate,
  PurchasedLabel,
  RateRequest,
  ServiceCategory,
} from '../../../integrations/carriers/carrier-adapter';
import type { FileStorage } from '../../../integrations/storage/file-storage';
import { appError, conflict } from '../../../lib/errors';
import type { FastifyBaseLogger } from 'fastify';
import {
  type CarrierLabelContext,
  carrierLabelFile,
  discardCarrierLabel,
  keepCarrierLabel,
  LABEL_CONTENT_TYPES,
  type LabelFormat,
} from './carrier-label';
import { renderLabelPdf, renderLabelZpl } from './label';
import type { CarrierRegistry } from './carrier-registry';
import { collectRates, type PricedRate, priceRates, type QuoteContext, sortRates } from './create-quote';
import { newUniqueId } from './purchase-shipment';
import { type ShipmentRow, shipmentEvents, shipments } from '../schema/shipments';
import { desc, eq } from 'drizzle-orm';
import { emitShipmentCreated } from './webhook-events';

/**
 * One parcel rated and labelled for another area (a mail forward): the same carriers, the same margin rules and
 * the same label files as a shipment bought in the wizard, without the wizard's quote and card.
 */
export interface ParcelRequest {
  sender: Address;
  receiver: Address;
  parcel: { weightLb: number; dimensions: { lengthIn: number; widthIn: number; heightIn: number } };
  signature: boolean;
}

function parcelPackage(parcel: ParcelRequest['parcel']): Package {
  return {
    packageType: 'Box',
    dimension: {
      unit: 'in',
      length: parcel.dimensions.lengthIn,
      width: parcel.dimensions.widthIn,
      height: parcel.dimensions.heightIn,
    },
    weight: parcel.weightLb,
    weightUnits: 'lb',
    numberOfPackages: 1,
    insuranceDeclared: null,
    contentDescription: 'Forwarded mail',
    trackingNumber: null,
  };
}

export function parcelRateRequest(request: ParcelRequest, shipDate: Date): RateRequest {
  return {
    sender: request.sender,
    receiver: request.receiver,
    packages: [parcelPackage(request.parcel)],
    customs: [],
    preferences: { priority: 'cheapest', arriveBy: null, signature: request.signature, saturdayDelivery: false },
    shipDate,
  };
}

/**
 * Every carrier service for the parcel, priced for `userId` by the shipments' quote path (every enabled carrier,
 * the admin's markups and the customer's discount), cheapest first. Network: never inside a transaction.
 */
export async function rateParcel(ctx: QuoteContext, userId: string, request: ParcelRequest): Promise<PricedRate[]> {
  const carrierRates = await collectRates(ctx, parcelRateRequest(request, ctx.now()));
  return sortRates(await priceRates(ctx.db, userId, carrierRates, null), 'cheapest');
}

/** What a parcel's label sale keeps on its intent: the carrier's rate to buy and the request it was rated for. */
export interface ParcelLabelSale {
  shipmentId: string;
  request: ParcelRequest;
  rate: CarrierRate;
}

export interface ParcelLabelContext {
  db: Db;
  carriers: CarrierRegistry;
  storage: FileStorage;
  log: FastifyBaseLogger;
  now: () => Date;
}

export type AcquiredParcelLabel = PurchasedLabel & { labelKey: string | null };

async function adapterFor(ctx: ParcelLabelContext, sale: ParcelLabelSale): Promise<CarrierAdapter> {
  const adapter = await ctx.carriers.byProvider(ctx.db, sale.rate.provider);
  if (!adapter) throw appError('SERVICE_UNAVAILABLE', `${sale.rate.carrier} is not available right now.`);
  return adapter;
}

/** The label files kept with the shipment; one that cannot be fetched now is fetched on download. */
async function withFiles(
  ctx: ParcelLabelContext,
  adapter: CarrierAdapter,
  sale: ParcelLabelSale,
  label: PurchasedLabel,
): Promise<AcquiredParcelLabel> {
  return {
    ...label,
    labelKey: await keepCarrierLabel(ctx.storage, adapter, sale.shipmentId, label.providerShipmentId, ctx.log),
  };
}

/** Buys the label from the carrier (no transaction may be open); the same reference never buys twice. */
export async function buyParcelLabel(
  ctx: ParcelLabelContext,
  sale: ParcelLabelSale,
  reference: string,
): Promise<AcquiredParcelLabel> {
  const adapter = await adapterFor(ctx, sale);
  const label = await adapter.buyLabel(sale.rate, parcelRateRequest(sale.request, ctx.now()), reference);
  return withFiles(ctx, adapter, sale, label);
}

/** Recovery: what the carrier sold for this reference, or null. Never buys. */
export async function findParcelLabel(
  ctx: ParcelLabelContext,
  sale: ParcelLabelSale,
  reference: string,
): Promise<AcquiredParcelLabel | null> {
  const adapter = await adapterFor(ctx, sale);
  const label = await adapter.findLabel(sale.rate, reference);
  return label ? withFiles(ctx, adapter, sale, label) : null;
}

/** Gives back a label whose sale was undone: its files deleted, the label voided. */
export async function voidParcelLabel(
  ctx: ParcelLabelContext,
  sale: ParcelLabelSale,
  label: AcquiredParcelLabel,
): Promise<boolean> {
  if (label.labelKey) await discardCarrierLabel(ctx.storage, label.labelKey, ctx.log);
  return (await adapterFor(ctx, sale)).voidLabel({
    carrier: sale.rate.carrier,
    trackingNumber: label.trackingNumber,
    providerShipmentId: label.providerShipmentId,
  });
}

/**
 * The shipment of a bought parcel label, owned by `ownerUserId` (who bought the postage: the store's owner for a
 * forward), already paid for elsewhere (no invoice of its own). The tracking runner follows it like any shipment.
 */
export async function recordParcelShipment(
  tx: Db,
  now: Date,
  input: { ownerUserId: string; sale: ParcelLabelSale; label: AcquiredParcelLabel; priceCents: number },
): Promise<ShipmentRow> {
  const { sale, label } = input;
  const pkg = { ...parcelPackage(sale.request.parcel), trackingNumber: label.trackingNumber };
  const [row] = await tx
    .insert(shipments)
    .values({
      id: sale.shipmentId,
      uniqueId: newUniqueId(),
      userId: input.ownerUserId,
      sender: sale.request.sender,
      receiver: sale.request.receiver,
      packages: [pkg],
      carrier: sale.rate.carrier,
      carrierService: sale.rate.service,
      carrierTrackingNumber: label.trackingNumber,
      shipmentDetails: {
        service: sale.rate.service,
        deliveryDate: sale.rate.deliveryDate,
        deliveryTime: 'By end of day',
        category: sale.rate.category as ServiceCategory,
      },
      arrivalPreferences: {
        priority: 'cheapest',
        arriveBy: null,
        signature: sale.request.signature,
        saturdayDelivery: false,
      },
      listPriceCents: sale.rate.retailCents,
      priceCents: input.priceCents,
      status: 'label_created',
      payLater: false,
      invoiceId: null,
      provider: sale.rate.provider,
      providerShipmentId: label.providerShipmentId,
      labelKey: label.labelKey,
      breakdown: {
        costCents: label.costCents,
        markupCents: 0,
        discountCents: 0,
        priceCents: input.priceCents,
        retailCents: sale.rate.retailCents,
        savingCents: Math.max(0, sale.rate.retailCents - input.priceCents),
        savingPercent: 0,
        insuranceCents: 0,
      },
      customs: [],
      receiverName: sale.request.receiver.name.toLowerCase(),
      nextTrackingAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await emitShipmentCreated(tx, row!);
  return row!;
}

export type { PricedRate };

/** A parcel's carrier tracking: its status and events, newest first. */
export async function parcelTracking(db: Db, shipmentId: string) {
  const [row] = await db.select().from(shipments).where(eq(shipments.id, shipmentId));
  if (!row) return null;
  const events = await db
    .select()
    .from(shipmentEvents)
    .where(eq(shipmentEvents.shipmentId, shipmentId))
    .orderBy(desc(shipmentEvents.occurredAt));
  return {
    shipmentId: row.id,
    carrier: row.carrier,
    service: row.carrierService,
    trackingNumber: row.carrierTrackingNumber ?? '',
    status: row.status as string,
    events: events.map((e) => ({ at: e.occurredAt?.toISOString() ?? null, description: e.description, city: e.city })),
  };
}

/**
 * The printable label of a parcel bought for another area (the forward's operators may not use the shipments
 * screens): the carrier's own, or the sandbox's sample marked not valid postage. Null when there is no such
 * shipment; 409 once voided.
 */
export async function parcelLabelFile(
  ctx: CarrierLabelContext,
  shipmentId: string,
  format: LabelFormat,
): Promise<{ body: Buffer; contentType: string; fileName: string } | null> {
  const [row] = await ctx.db.select().from(shipments).where(eq(shipments.id, shipmentId));
  if (!row) return null;
  if (row.status === 'voided' || row.status === 'cancelled' || !row.carrierTrackingNumber) {
    throw conflict('This label was voided.');
  }
  const carrierLabel = await carrierLabelFile(ctx, row, format);
  const body =
    carrierLabel?.body ?? (format === 'zpl' ? Buffer.from(renderLabelZpl(row), 'utf8') : await renderLabelPdf(row));
  return { body, contentType: LABEL_CONTENT_TYPES[format], fileName: `${row.uniqueId}.${format}` };
}

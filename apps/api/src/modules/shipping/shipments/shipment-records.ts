import type { ShipmentCustomerDto, ShipmentDto, ShipmentListItemDto } from '@postwise/shared/schemas/shipping-dto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users, type Actor } from '../../identity';
import { type ShipmentAddress, type ShipmentRow, shipments } from '../schema/shipments';
import { notFound } from '../../../lib/errors';
import { seesAllShipments } from './shipper-access';

export const SHIPMENT_NOT_FOUND_MESSAGE = 'Shipment not found';

/** The postal part of an address as the API answers it (a scan form's from-address has no phone or e-mail). */
export function postalAddressDto(a: ShipmentAddress) {
  return {
    name: a.name,
    companyName: a.companyName ?? null,
    line1: a.line1,
    line2: a.line2 ?? null,
    city: a.city,
    state: a.state,
    zipCode: a.zipCode,
    country: a.country,
  };
}

function address(a: ShipmentAddress) {
  return { ...postalAddressDto(a), phone: a.phone ?? null, email: a.email ?? null };
}

/** The columns of a list row (ShipmentListItem): no sender, packages or service details, only the service's name. */
export const SHIPMENT_LIST_COLUMNS = {
  id: shipments.id,
  uniqueId: shipments.uniqueId,
  userId: shipments.userId,
  status: shipments.status,
  carrier: shipments.carrier,
  carrierService: shipments.carrierService,
  detailsService: sql<string>`${shipments.shipmentDetails}->>'service'`,
  carrierTrackingNumber: shipments.carrierTrackingNumber,
  receiver: shipments.receiver,
  breakdown: shipments.breakdown,
  listPriceCents: shipments.listPriceCents,
  priceCents: shipments.priceCents,
  payLater: shipments.payLater,
  invoiceId: shipments.invoiceId,
  voidedAt: shipments.voidedAt,
  refundTo: shipments.refundTo,
  refundCents: shipments.refundCents,
  createdAt: shipments.createdAt,
} as const;

type ListColumn = Exclude<keyof typeof SHIPMENT_LIST_COLUMNS, 'detailsService'>;

export type ShipmentListRow = Pick<ShipmentRow, ListColumn> & {
  detailsService: string | null;
  /** Read only for the super admin's lists (a join on users). */
  customerName?: string | null;
  customerEmail?: string | null;
};

/** The customer's name and e-mail of a super admin's list row (joined on users). */
export const SHIPMENT_CUSTOMER_COLUMNS = { customerName: users.fullName, customerEmail: users.email } as const;

/** What was earned on a sale: the customer's price less the carrier's cost (markup less discount). */
export function marginOf(b: { costCents: number; markupCents: number; discountCents: number }) {
  return {
    costCents: b.costCents,
    markupCents: b.markupCents,
    discountCents: b.discountCents,
    marginCents: b.markupCents - b.discountCents,
  };
}

function customerOf(row: ShipmentListRow): ShipmentCustomerDto | null {
  if (!row.userId || row.customerEmail == null) return null;
  return { id: row.userId, fullName: row.customerName ?? '', email: row.customerEmail };
}

/** What a shipment's full DTO reads: a list row's columns with the sender, packages and service details. */
export type ShipmentDtoRow = Pick<
  ShipmentRow,
  | ListColumn
  | 'sender'
  | 'packages'
  | 'shipmentDetails'
  | 'parcelTrackingNumbers'
  | 'insuredCents'
  | 'returnOfShipmentId'
>;

/** Every parcel's tracking number; a shipment bought before parcels were tracked one by one has its first only. */
export function parcelTrackingNumbersOf(row: Pick<ShipmentRow, 'parcelTrackingNumbers' | 'carrierTrackingNumber'>) {
  if (row.parcelTrackingNumbers.length) return row.parcelTrackingNumbers;
  return row.carrierTrackingNumber ? [row.carrierTrackingNumber] : [];
}

/** A list row: what GET shipments shows of a shipment (price, saving, receiver; the margin for the super admin). */
export function toShipmentListItem(row: ShipmentListRow, actor: Actor): ShipmentListItemDto {
  const b = row.breakdown;
  const retail = b?.retailCents ?? row.listPriceCents ?? null;
  const price = b?.priceCents ?? row.priceCents ?? null;
  const saving = retail !== null && price !== null ? Math.max(0, retail - price) : null;
  return {
    id: row.id,
    uniqueId: row.uniqueId,
    status: row.status,
    carrier: row.carrier,
    // The service's name as the customer chose it ("UPS 2nd Day Air"), as the label and the summary print it; the
    // carrier's code (UPS_2ND_DAY_AIR) only where no name was kept.
    service: row.detailsService || row.carrierService || '',
    trackingNumber: row.carrierTrackingNumber,
    receiver: address(row.receiver),
    priceCents: price,
    retailCents: retail,
    savingCents: saving,
    savingPercent: saving !== null && retail ? Math.floor((saving * 100) / retail) : null,
    insuranceCents: b?.insuranceCents ?? 0,
    payLater: row.payLater,
    invoiceId: row.invoiceId,
    voidedAt: row.voidedAt?.toISOString() ?? null,
    refundTo: row.refundTo ?? null,
    refundCents: row.refundCents ?? null,
    createdAt: row.createdAt.toISOString(),
    userId: seesAllShipments(actor) ? row.userId : null,
    customer: seesAllShipments(actor) ? customerOf(row) : null,
    margin: seesAllShipments(actor) && b ? marginOf(b) : null,
  };
}

export function toShipmentDto(
  row: ShipmentDtoRow & Pick<ShipmentListRow, 'customerName' | 'customerEmail'>,
  actor: Actor,
): ShipmentDto {
  return {
    ...toShipmentListItem({ ...row, detailsService: row.shipmentDetails.service }, actor),
    sender: address(row.sender),
    trackingNumbers: parcelTrackingNumbersOf(row),
    insuredCents: row.insuredCents ?? null,
    returnOfShipmentId: row.returnOfShipmentId ?? null,
    packages: row.packages.map((p) => ({
      packageType: p.packageType,
      dimension: p.dimension,
      weight: p.weight,
      weightUnits: p.weightUnits,
      numberOfPackages: p.numberOfPackages,
      insuranceDeclared: p.insuranceDeclared ?? null,
      contentDescription: p.contentDescription ?? null,
      trackingNumber: p.trackingNumber ?? null,
    })),
    shipmentDetails: {
      service: row.shipmentDetails.service,
      deliveryDate: row.shipmentDetails.deliveryDate ?? null,
      deliveryTime: row.shipmentDetails.deliveryTime ?? null,
      category: row.shipmentDetails.category ?? null,
    },
  };
}

/**
 * A shipment the actor may see: their own, or any for the super admin (with the customer's name and e-mail, which
 * the detail shows). Others' are "not found".
 */
export async function findVisibleShipment(
  db: Db,
  actor: Actor,
  id: string,
): Promise<ShipmentRow & Pick<ShipmentListRow, 'customerName' | 'customerEmail'>> {
  if (seesAllShipments(actor)) {
    const [found] = await db
      .select({ shipment: shipments, ...SHIPMENT_CUSTOMER_COLUMNS })
      .from(shipments)
      .leftJoin(users, eq(users.id, shipments.userId))
      .where(eq(shipments.id, id));
    if (!found || found.shipment.status === 'draft') throw notFound(SHIPMENT_NOT_FOUND_MESSAGE);
    return { ...found.shipment, customerName: found.customerName, customerEmail: found.customerEmail };
  }
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.id, id), eq(shipments.userId, actor.userId)));
  if (!row || row.status === 'draft') throw notFound(SHIPMENT_NOT_FOUND_MESSAGE);
  return row;
}

export async function findByIdempotencyKey(db: Db, userId: string, key: string): Promise<ShipmentRow | undefined> {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.userId, userId), eq(shipments.idempotencyKey, key)));
  return row;
}

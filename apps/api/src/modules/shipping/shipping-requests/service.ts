import type { PageQuery } from '@postwise/shared/schemas/paging';
import type {
  PaymentChoice,
  shippingRequestQuoteSchema,
  shippingRequestSchema,
} from '@postwise/shared/schemas/shipping';
import type { ShipmentDto } from '@postwise/shared/schemas/shipping-dto';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { type ShippingRequestRow, type ShippingRequestStatus, shippingRequests } from '../schema/shipping';
import { users, userSearch, type Actor } from '../../identity';
import { conflict, notFound } from '../../../lib/errors';
import { paged } from '../../../db/paging';
import type { QuoteContext } from '../shipments/create-quote';
import { type PurchaseContext, sellLabel } from '../shipments/purchase-shipment';
import { findVisibleShipment, toShipmentDto } from '../shipments/shipment-records';
import { seesAllShipments } from '../shipments/shipper-access';

export const SHIPPING_REQUEST_NOT_FOUND = 'Shipping request not found';

/** Who asked, as the super admin's list shows it (a customer is never shown another's name). */
export interface RequestCustomer {
  fullName: string;
  email: string;
}

export function toShippingRequestDto(row: ShippingRequestRow, actor: Actor, customer: RequestCustomer | null = null) {
  return {
    id: row.id,
    userId: seesAllShipments(actor) ? row.userId : null,
    customer: seesAllShipments(actor) && customer ? { fullName: customer.fullName, email: customer.email } : null,
    sender: row.sender,
    receiver: row.receiver,
    packages: row.packages,
    description: row.description,
    status: row.status,
    quote: row.quote
      ? {
          carrier: row.quote.carrier,
          service: row.quote.service,
          priceCents: row.quote.priceCents,
          transitDays: row.quote.transitDays,
          note: row.quote.note,
          // What it costs us is for the super admin only.
          costCents: seesAllShipments(actor) ? row.quote.costCents : null,
        }
      : null,
    quotedAt: row.quotedAt?.toISOString() ?? null,
    shipmentId: row.shipmentId,
    createdAt: row.createdAt.toISOString(),
  };
}
export type ShippingRequestDto = ReturnType<typeof toShippingRequestDto>;

/**
 * GET shipping-requests: paged in SQL, newest first. The super admin sees every customer's with their name and
 * e-mail, and may search by them (prefix, on the users' lower(name/e-mail) pattern indexes).
 */
export function listShippingRequests(
  ctx: QuoteContext,
  actor: Actor,
  page: PageQuery,
  status: ShippingRequestStatus | undefined,
  search?: string,
) {
  const filters: SQL[] = [];
  if (!seesAllShipments(actor)) filters.push(eq(shippingRequests.userId, actor.userId));
  if (status) filters.push(eq(shippingRequests.status, status));
  const byCustomer = seesAllShipments(actor) ? userSearch(search) : undefined;
  if (byCustomer) filters.push(byCustomer);
  const where = filters.length ? and(...filters) : undefined;
  return paged({
    page,
    rows: (limit, offset) =>
      ctx.db
        .select({ request: shippingRequests, customer: { fullName: users.fullName, email: users.email } })
        .from(shippingRequests)
        .innerJoin(users, eq(users.id, shippingRequests.userId))
        .where(where)
        .orderBy(desc(shippingRequests.createdAt), desc(shippingRequests.id))
        .limit(limit)
        .offset(offset),
    count: ctx.db
      .select({ id: shippingRequests.id })
      .from(shippingRequests)
      .innerJoin(users, eq(users.id, shippingRequests.userId))
      .where(where),
    db: ctx.db,
    map: (row) => toShippingRequestDto(row.request, actor, row.customer),
  });
}

async function findVisible(ctx: QuoteContext, actor: Actor, id: string): Promise<ShippingRequestRow> {
  const [row] = await ctx.db.select().from(shippingRequests).where(eq(shippingRequests.id, id));
  if (!row || (!seesAllShipments(actor) && row.userId !== actor.userId)) throw notFound(SHIPPING_REQUEST_NOT_FOUND);
  return row;
}

export async function getShippingRequest(ctx: QuoteContext, actor: Actor, id: string) {
  return toShippingRequestDto(await findVisible(ctx, actor, id), actor);
}

export async function createShippingRequest(
  ctx: QuoteContext,
  actor: Actor,
  input: z.output<typeof shippingRequestSchema>,
): Promise<ShippingRequestDto> {
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(shippingRequests)
    .values({
      userId: actor.userId,
      sender: input.sender,
      receiver: input.receiver,
      packages: input.packages.map((p) => ({ ...p, insuranceDeclared: p.insuranceDeclared ?? null })),
      description: input.description,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return toShippingRequestDto(row!, actor);
}

/** The super admin quotes a pending (or re-quotes a quoted) request. */
export async function quoteShippingRequest(
  ctx: QuoteContext,
  actor: Actor,
  id: string,
  input: z.output<typeof shippingRequestQuoteSchema>,
): Promise<ShippingRequestDto> {
  const row = await findVisible(ctx, actor, id);
  if (row.status !== 'pending' && row.status !== 'quoted') throw conflict('This request can no longer be quoted.');
  const now = ctx.now();
  const [updated] = await ctx.db
    .update(shippingRequests)
    .set({
      status: 'quoted',
      quote: {
        carrier: input.carrier,
        service: input.service,
        priceCents: input.priceCents,
        costCents: input.costCents ?? null,
        transitDays: input.transitDays ?? null,
        note: input.note,
      },
      quotedBy: actor.userId,
      quotedAt: now,
      updatedAt: now,
    })
    .where(eq(shippingRequests.id, id))
    .returning();
  return toShippingRequestDto(updated!, actor);
}

/**
 * The customer accepts a quoted request and pays (card or later): it becomes a shipment with a label, through the
 * same idempotent sale as a wizard purchase. Freight is booked by hand, so the label is ours ("manual" provider).
 */
export async function acceptShippingRequest(
  ctx: PurchaseContext,
  actor: Actor,
  id: string,
  payment: PaymentChoice,
  idempotencyKey: string,
): Promise<ShipmentDto> {
  const row = await findVisible(ctx, actor, id);
  if (row.userId !== actor.userId) throw notFound(SHIPPING_REQUEST_NOT_FOUND);
  if (row.status === 'accepted' && row.shipmentId) {
    return toShipmentDto(await findVisibleShipment(ctx.db, actor, row.shipmentId), actor);
  }
  if (row.status !== 'quoted' || !row.quote) throw conflict('This request has no quote to accept yet.');
  const quote = row.quote;
  const now = ctx.now();
  const deliveryDate = quote.transitDays
    ? new Date(now.getTime() + quote.transitDays * 86_400_000).toISOString().slice(0, 10)
    : null;
  const costCents = Math.min(quote.costCents ?? quote.priceCents, quote.priceCents);
  // Freight is booked by hand, so the label is ours ("manual" provider) and nothing is bought from a carrier API;
  // the request becomes accepted in the same transaction that records the shipment.
  const { row: shipment } = await sellLabel(
    ctx,
    actor,
    {
      userId: actor.userId,
      idempotencyKey: `shipping-request:${row.id}:${idempotencyKey}`,
      payment,
      request: {
        sender: row.sender,
        receiver: row.receiver,
        packages: row.packages,
        customs: [],
        preferences: { priority: 'cheapest', arriveBy: null, signature: false, saturdayDelivery: false },
      },
      rate: {
        id: null,
        provider: 'manual',
        carrier: quote.carrier,
        service: quote.service,
        category: 'Freight',
        deliveryDate,
        transitDays: quote.transitDays ?? 0,
        providerRef: {},
        costCents,
        markupCents: quote.priceCents - costCents,
        discountCents: 0,
        priceCents: quote.priceCents,
        retailCents: quote.priceCents,
      },
      shippingRequestId: row.id,
    },
    { shippingRequest: row.id, payment },
  );
  return toShipmentDto(shipment, actor);
}

import type { PageQuery } from '@postwise/shared/schemas/paging';
import type { pickupSchema } from '@postwise/shared/schemas/shipping';
import type { ShipmentCustomerDto } from '@postwise/shared/schemas/shipping-dto';
import { platformToday } from '@postwise/shared/time-zones';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { shipments } from '../schema/shipments';
import { type PickupRow, pickups } from '../schema/shipping';
import { conflict, notFound, validationFailed } from '../../../lib/errors';
import { paged } from '../../../db/paging';
import { users, type Actor } from '../../identity';
import type { QuoteContext } from '../shipments/create-quote';
import { queueCarrierPickupCancel } from '../shipments/carrier-jobs';
import { seesAllShipments, shownCustomer } from '../shipments/shipper-access';

export const PICKUP_NOT_FOUND = 'Pickup not found';
export type PickupInput = z.output<typeof pickupSchema>;

/** A pickup as answered; its customer (name and e-mail) only on the super admin's list. */
export function toPickupDto(row: PickupRow, customer: ShipmentCustomerDto | null = null) {
  return {
    id: row.id,
    carrier: row.carrier,
    address: row.address,
    date: row.pickupDate,
    windowStart: row.windowStart,
    windowEnd: row.windowEnd,
    shipmentIds: row.shipmentIds,
    packageCount: row.packageCount,
    instructions: row.instructions,
    status: row.status,
    confirmation: row.confirmation,
    createdAt: row.createdAt.toISOString(),
    customer,
  };
}
export type PickupDto = ReturnType<typeof toPickupDto>;

/** A customer's own pickups; the super admin's are everyone's, each with its customer ('shipments.all'). */
export function listPickups(ctx: QuoteContext, actor: Actor, page: PageQuery) {
  const where = seesAllShipments(actor) ? undefined : eq(pickups.userId, actor.userId);
  return paged({
    page,
    rows: (limit, offset) =>
      ctx.db
        .select({ pickup: pickups, fullName: users.fullName, email: users.email })
        .from(pickups)
        .leftJoin(users, eq(users.id, pickups.userId))
        .where(where)
        .orderBy(desc(pickups.pickupDate), desc(pickups.id))
        .limit(limit)
        .offset(offset),
    count: () => ctx.db.$count(pickups, where),
    map: ({ pickup, fullName, email }) => toPickupDto(pickup, shownCustomer(actor, pickup.userId, fullName, email)),
  });
}

/**
 * Schedules a carrier pickup for own shipments (or a number of packages). The shipments must be the customer's,
 * of that carrier, and not yet with the carrier; the provider that sold them books the pickup.
 */
export async function schedulePickup(ctx: QuoteContext, actor: Actor, input: PickupInput): Promise<PickupDto> {
  const today = platformToday(ctx.now());
  if (input.date < today)
    throw validationFailed('Pickup date cannot be in the past', { date: 'Pickup date cannot be in the past' });
  const own = input.shipmentIds.length
    ? await ctx.db
        .select()
        .from(shipments)
        .where(and(eq(shipments.userId, actor.userId), inArray(shipments.id, input.shipmentIds)))
    : [];
  if (own.length !== input.shipmentIds.length) throw notFound('Shipment not found');
  if (own.some((s) => s.carrier !== input.carrier || s.status !== 'label_created')) {
    throw conflict(`Only ${input.carrier} shipments whose label is not yet with the carrier can be picked up.`);
  }
  const provider = own[0]?.provider ?? 'sandbox';
  const adapter = await ctx.carriers.byProvider(ctx.db, provider);
  if (!adapter) throw conflict(`${input.carrier} pickups are not available right now.`);
  const packageCount =
    input.packageCount ?? own.reduce((n, s) => n + s.packages.reduce((m, p) => m + p.numberOfPackages, 0), 0);
  const booked = await adapter.schedulePickup({
    carrier: input.carrier,
    address: input.address,
    date: input.date,
    windowStart: input.windowStart,
    windowEnd: input.windowEnd,
    packageCount,
    providerShipmentIds: own.map((s) => s.providerShipmentId).filter((id): id is string => !!id),
    instructions: input.instructions,
  });
  const [row] = await ctx.db
    .insert(pickups)
    .values({
      userId: actor.userId,
      carrier: input.carrier,
      provider,
      address: input.address,
      pickupDate: input.date,
      windowStart: input.windowStart,
      windowEnd: input.windowEnd,
      shipmentIds: input.shipmentIds,
      packageCount,
      instructions: input.instructions,
      confirmation: booked.confirmation,
      providerPickupId: booked.providerPickupId,
      createdAt: ctx.now(),
    })
    .returning();
  return toPickupDto(row!);
}

export async function cancelPickup(ctx: QuoteContext, actor: Actor, id: string): Promise<PickupDto> {
  const [row] = await ctx.db
    .select()
    .from(pickups)
    .where(seesAllShipments(actor) ? eq(pickups.id, id) : and(eq(pickups.id, id), eq(pickups.userId, actor.userId)));
  if (!row) throw notFound(PICKUP_NOT_FOUND);
  if (row.status === 'cancelled') throw conflict('This pickup is already cancelled.');
  const adapter = await ctx.carriers.byProvider(ctx.db, row.provider);
  let unreachable = false;
  if (adapter && row.providerPickupId) {
    try {
      await adapter.cancelPickup(row.providerPickupId);
    } catch (err) {
      // The customer's cancellation stands; the carrier is told by a job that retries until it answers.
      ctx.log.warn({ err, pickupId: row.id }, 'carrier unreachable at pickup cancellation; queued');
      unreachable = true;
    }
  }
  return ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(pickups)
      .set({ status: 'cancelled', cancelledAt: ctx.now() })
      .where(and(eq(pickups.id, id), ne(pickups.status, 'cancelled')))
      .returning();
    if (!updated) throw conflict('This pickup is already cancelled.');
    if (unreachable && row.providerPickupId) {
      await queueCarrierPickupCancel(tx, {
        pickupId: row.id,
        provider: row.provider,
        carrier: row.carrier,
        providerPickupId: row.providerPickupId,
        confirmation: row.confirmation,
      });
    }
    return toPickupDto(updated);
  });
}

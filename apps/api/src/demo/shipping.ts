import { addressSchema, type Address } from '@postwise/shared/schemas/shipping';
import type { ShipmentStatus } from '@postwise/shared/shipping/lifecycle';
import { priceQuote } from '@postwise/shared/shipping/pricing';
import { normalizeScanEvent } from '@postwise/shared/tracking';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { SandboxCarrierAdapter } from '../integrations/carriers/sandbox-carrier';
import {
  addToMonthlyInvoice,
  toAdjustment,
  addresses,
  marginDiscounts,
  packagePresets,
  shipmentInvoiceLines,
  shippingAccounts,
  shippingRequests,
  type ShipmentPackage,
  shipmentEvents,
  shipments,
} from '../modules/shipping';
import { invoiceLine } from '../modules/billing';
import type { Db } from '../db/client';
import { users } from '../modules/identity';
import type { SeedOptions } from './seed-options';

const DAY = 86_400_000;

const addr = (a: Partial<Address> & Pick<Address, 'name' | 'line1' | 'city' | 'state' | 'zipCode'>): Address =>
  addressSchema.parse({ country: 'US', ...a });

/** Address books (phones in the fictional 555-01xx block). */
const BOOKS: Record<string, Address[]> = {
  'shipper@example.com': [
    addr({
      name: 'Sofia Ramirez',
      companyName: 'Harbor & Pine Ceramics',
      line1: '1855 Industrial St',
      line2: 'Unit 108',
      city: 'Los Angeles',
      state: 'CA',
      zipCode: '90021',
      phone: '2135550164',
    }),
    addr({
      name: 'Marcus Bell',
      line1: '2207 E Cesar Chavez St',
      city: 'Austin',
      state: 'TX',
      zipCode: '78702',
      phone: '5125550131',
    }),
    addr({
      name: 'Priya Natarajan',
      companyName: 'Fern & Fig Studio',
      line1: '88 Greenwich St',
      city: 'New York',
      state: 'NY',
      zipCode: '10006-1802',
      phone: '2125550143',
    }),
    addr({
      name: 'Lena Okafor',
      line1: '4120 N Lincoln Ave',
      city: 'Chicago',
      state: 'IL',
      zipCode: '60618',
      phone: '7735550112',
    }),
    addr({
      name: 'Tom Becker',
      line1: '1501 Pike Pl',
      city: 'Seattle',
      state: 'WA',
      zipCode: '98101',
      phone: '2065550177',
    }),
  ],
  'user@example.com': [
    addr({
      name: 'Avery Chen',
      line1: '1855 Industrial St',
      line2: 'PMB 1001',
      city: 'Los Angeles',
      state: 'CA',
      zipCode: '90021',
      phone: '2135550188',
    }),
    addr({
      name: 'Jordan Miles',
      line1: '300 Peachtree St NE',
      city: 'Atlanta',
      state: 'GA',
      zipCode: '30308',
      phone: '4045550126',
    }),
    addr({
      name: 'Rosa Delgado',
      line1: '1200 Brickell Ave',
      city: 'Miami',
      state: 'FL',
      zipCode: '33131',
      phone: '3055550154',
    }),
  ],
};

const PRESETS = [
  {
    name: 'Small box',
    packageType: 'Box',
    dimension: { unit: 'in' as const, length: 10, width: 8, height: 4 },
    weight: 2,
    weightUnits: 'lb' as const,
  },
  {
    name: 'Mug carton',
    packageType: 'Box',
    dimension: { unit: 'in' as const, length: 16, width: 12, height: 10 },
    weight: 9.5,
    weightUnits: 'lb' as const,
  },
];

/** Platform markups and one customer discount (configuration/margin-discount). */
const MARKUPS = [
  { carrier: null, service: null, type: 'PERCENTAGE' as const, value: 15_00 },
  { carrier: 'FedEx', service: 'FedEx Standard Overnight', type: 'AMOUNT' as const, value: 300 },
];

interface DemoShipment {
  uniqueId: string;
  email: string;
  receiver: number;
  carrier: 'FedEx' | 'UPS' | 'USPS';
  category: 'Ground' | '2-Day' | 'Overnight';
  /** Days before now the label was bought. */
  daysAgo: number;
  preset: number;
  count?: number;
  want: ShipmentStatus;
  payLater?: boolean;
}

const S = 'shipper@example.com';
const U = 'user@example.com';

/** About 20 shipments across carriers and states; the sandbox's clock-driven lifecycle gives each its events. */
const SHIPMENTS: DemoShipment[] = [
  {
    uniqueId: 'PW8100000001',
    email: S,
    receiver: 1,
    carrier: 'FedEx',
    category: 'Ground',
    daysAgo: 12,
    preset: 0,
    want: 'delivered',
  },
  {
    uniqueId: 'PW8100000002',
    email: S,
    receiver: 2,
    carrier: 'UPS',
    category: '2-Day',
    daysAgo: 9,
    preset: 1,
    want: 'delivered',
  },
  {
    uniqueId: 'PW8100000003',
    email: S,
    receiver: 3,
    carrier: 'USPS',
    category: 'Ground',
    daysAgo: 8,
    preset: 0,
    count: 2,
    want: 'delivered',
  },
  {
    uniqueId: 'PW8100000004',
    email: S,
    receiver: 4,
    carrier: 'FedEx',
    category: 'Overnight',
    daysAgo: 6,
    preset: 0,
    want: 'delivered',
  },
  {
    uniqueId: 'PW8100000005',
    email: S,
    receiver: 1,
    carrier: 'UPS',
    category: 'Ground',
    daysAgo: 1,
    preset: 1,
    want: 'in_transit',
  },
  {
    uniqueId: 'PW8100000006',
    email: S,
    receiver: 2,
    carrier: 'USPS',
    category: 'Ground',
    daysAgo: 1,
    preset: 0,
    want: 'in_transit',
  },
  {
    uniqueId: 'PW8100000007',
    email: S,
    receiver: 3,
    carrier: 'FedEx',
    category: 'Ground',
    daysAgo: 2,
    preset: 1,
    want: 'in_transit',
  },
  {
    uniqueId: 'PW8100000008',
    email: S,
    receiver: 4,
    carrier: 'UPS',
    category: 'Ground',
    daysAgo: 0,
    preset: 0,
    want: 'label_created',
  },
  {
    uniqueId: 'PW8100000009',
    email: S,
    receiver: 1,
    carrier: 'USPS',
    category: '2-Day',
    daysAgo: 0,
    preset: 0,
    want: 'label_created',
    payLater: true,
  },
  {
    uniqueId: 'PW8100000010',
    email: S,
    receiver: 2,
    carrier: 'FedEx',
    category: '2-Day',
    daysAgo: 0,
    preset: 1,
    want: 'label_created',
  },
  {
    uniqueId: 'PW8100000011',
    email: S,
    receiver: 3,
    carrier: 'UPS',
    category: 'Ground',
    daysAgo: 10,
    preset: 1,
    want: 'exception',
  },
  {
    uniqueId: 'PW8100000012',
    email: S,
    receiver: 4,
    carrier: 'USPS',
    category: 'Ground',
    daysAgo: 3,
    preset: 0,
    want: 'voided',
  },
  {
    uniqueId: 'PW8100000013',
    email: S,
    receiver: 1,
    carrier: 'FedEx',
    category: 'Ground',
    daysAgo: 20,
    preset: 0,
    want: 'delivered',
  },
  {
    uniqueId: 'PW8100000014',
    email: S,
    receiver: 2,
    carrier: 'UPS',
    category: 'Overnight',
    daysAgo: 15,
    preset: 0,
    want: 'delivered',
  },
  {
    uniqueId: 'PW8100000015',
    email: U,
    receiver: 1,
    carrier: 'USPS',
    category: 'Ground',
    daysAgo: 11,
    preset: 0,
    want: 'delivered',
  },
  {
    uniqueId: 'PW8100000016',
    email: U,
    receiver: 2,
    carrier: 'FedEx',
    category: '2-Day',
    daysAgo: 1,
    preset: 1,
    want: 'in_transit',
  },
  {
    uniqueId: 'PW8100000017',
    email: U,
    receiver: 1,
    carrier: 'UPS',
    category: 'Ground',
    daysAgo: 0,
    preset: 0,
    want: 'label_created',
  },
  {
    uniqueId: 'PW8100000018',
    email: U,
    receiver: 2,
    carrier: 'USPS',
    category: 'Ground',
    daysAgo: 9,
    preset: 1,
    want: 'exception',
  },
  {
    uniqueId: 'PW8100000019',
    email: U,
    receiver: 1,
    carrier: 'FedEx',
    category: 'Ground',
    daysAgo: 4,
    preset: 0,
    want: 'voided',
  },
  {
    uniqueId: 'PW8100000020',
    email: U,
    receiver: 2,
    carrier: 'UPS',
    category: '2-Day',
    daysAgo: 7,
    preset: 0,
    want: 'delivered',
  },
];

async function userIds(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) in ('shipper@example.com', 'user@example.com')`);
  return new Map(rows.map((r) => [r.email.toLowerCase(), r.id]));
}

/**
 * Shipping demo data: address books and presets for shipper@ and user@, margins, a pay-later credit limit
 * for shipper@, about 20 shipments in every state (one paid later on the open monthly invoice), and a pending
 * shipping request. Idempotent by natural keys (address and preset names, uniqueId, description).
 */
export async function seedShipping(db: Db, { overwrite }: SeedOptions): Promise<void> {
  const ids = await userIds(db);
  const shipperId = ids.get(S);
  if (!shipperId) return;
  const now = new Date();

  // The README demo shipments predate the receiver_name column; give them one so search finds them.
  await db
    .update(shipments)
    .set({ receiverName: sql`lower(${shipments.receiver}->>'name')` })
    .where(isNull(shipments.receiverName));

  for (const [email, book] of Object.entries(BOOKS)) {
    const userId = ids.get(email);
    if (!userId) continue;
    for (const [i, a] of book.entries()) {
      const [existing] = await db
        .select({ id: addresses.id })
        .from(addresses)
        .where(and(eq(addresses.userId, userId), eq(addresses.name, a.name)));
      if (existing && !overwrite) continue;
      const values = { userId, ...a, isDefault: i === 0 };
      if (existing) await db.update(addresses).set(values).where(eq(addresses.id, existing.id));
      else {
        if (i === 0) await db.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId));
        await db.insert(addresses).values(values);
      }
    }
    for (const p of PRESETS) {
      const [existing] = await db
        .select({ id: packagePresets.id })
        .from(packagePresets)
        .where(and(eq(packagePresets.userId, userId), eq(packagePresets.name, p.name)));
      if (!existing) await db.insert(packagePresets).values({ userId, ...p });
    }
  }

  for (const m of MARKUPS) {
    const [existing] = await db
      .select({ id: marginDiscounts.id })
      .from(marginDiscounts)
      .where(
        and(
          eq(marginDiscounts.kind, 'markup'),
          isNull(marginDiscounts.userId),
          m.carrier ? eq(marginDiscounts.carrier, m.carrier) : isNull(marginDiscounts.carrier),
          m.service ? eq(marginDiscounts.service, m.service) : isNull(marginDiscounts.service),
        ),
      );
    if (!existing) await db.insert(marginDiscounts).values({ kind: 'markup', ...m });
  }
  await db
    .insert(shippingAccounts)
    .values({ userId: shipperId, creditLimitCents: 50_000 })
    .onConflictDoNothing({ target: shippingAccounts.userId });

  for (const demo of SHIPMENTS) await seedShipment(db, ids, demo, now);

  const description = 'Two pallets of glazed tiles, 900 lb, liftgate needed at delivery';
  const [request] = await db
    .select({ id: shippingRequests.id })
    .from(shippingRequests)
    .where(eq(shippingRequests.description, description));
  if (!request) {
    const book = BOOKS[S]!;
    await db.insert(shippingRequests).values({
      userId: shipperId,
      sender: book[0]!,
      receiver: book[3]!,
      packages: [
        {
          packageType: 'Pallet',
          dimension: { unit: 'in', length: 48, width: 40, height: 48 },
          weight: 450,
          weightUnits: 'lb',
          numberOfPackages: 2,
          insuranceDeclared: 250_000,
          contentDescription: 'Glazed ceramic tiles',
          trackingNumber: null,
        },
      ],
      description,
    });
  }
}

async function seedShipment(db: Db, ids: Map<string, string>, demo: DemoShipment, now: Date): Promise<void> {
  const userId = ids.get(demo.email);
  if (!userId) return;
  const [existing] = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(eq(sql`upper(${shipments.uniqueId})`, demo.uniqueId));
  if (existing) return;

  const book = BOOKS[demo.email]!;
  const sender = book[0]!;
  let receiver = book[demo.receiver]!;
  if (demo.want === 'exception') receiver = { ...receiver, line1: `Undeliverable ${receiver.line1}` };
  const preset = PRESETS[demo.preset]!;
  const pkg: ShipmentPackage = {
    packageType: preset.packageType,
    dimension: preset.dimension,
    weight: preset.weight,
    weightUnits: preset.weightUnits,
    numberOfPackages: demo.count ?? 1,
    insuranceDeclared: null,
    contentDescription: 'Handmade ceramics',
  };
  const createdAt = new Date(now.getTime() - demo.daysAgo * DAY - 3 * 3_600_000);
  const sandbox = new SandboxCarrierAdapter(() => now);
  const rates = await sandbox.rates({
    sender,
    receiver,
    packages: [{ ...pkg, insuranceDeclared: null, contentDescription: null, trackingNumber: null } as never],
    customs: [],
    preferences: { priority: 'cheapest', arriveBy: null, signature: false, saturdayDelivery: false },
    shipDate: createdAt,
  });
  const rate = rates.find((r) => r.carrier === demo.carrier && r.category === demo.category)!;
  const markup = demo.carrier === 'FedEx' && demo.category === 'Overnight' ? MARKUPS[1]! : MARKUPS[0]!;
  const q = priceQuote({ costCents: rate.costCents, retailCents: rate.retailCents, markup: toAdjustment(markup) });
  const label = await sandbox.buyLabel(rate);

  const status: ShipmentStatus = demo.want;
  const snapshot =
    status === 'voided'
      ? { status, events: [] }
      : await sandbox.track({
          carrier: demo.carrier,
          trackingNumber: label.trackingNumber,
          providerShipmentId: label.providerShipmentId,
          labelCreatedAt: createdAt,
          deliveryDate: rate.deliveryDate,
          sender,
          receiver,
        });

  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(shipments)
      .values({
        uniqueId: demo.uniqueId,
        userId,
        sender,
        receiver,
        packages: [{ ...pkg, trackingNumber: label.trackingNumber }],
        carrier: demo.carrier,
        carrierService: rate.service,
        carrierTrackingNumber: label.trackingNumber,
        shipmentDetails: {
          service: rate.service,
          deliveryDate: rate.deliveryDate,
          deliveryTime: 'By end of day',
          category: rate.category,
        },
        arrivalPreferences: { priority: 'cheapest', arriveBy: null, signature: false, saturdayDelivery: false },
        listPriceCents: q.retailCents,
        priceCents: q.priceCents,
        status: snapshot.status,
        payLater: !!demo.payLater,
        provider: 'sandbox',
        providerShipmentId: label.providerShipmentId,
        breakdown: q,
        receiverName: receiver.name.toLowerCase(),
        voidedAt: status === 'voided' ? new Date(createdAt.getTime() + 2 * 3_600_000) : null,
        refundTo: status === 'voided' ? 'credit' : null,
        refundCents: status === 'voided' ? q.priceCents : null,
        nextTrackingAt: ['delivered', 'voided'].includes(snapshot.status) ? null : now,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: shipments.id });
    const events = snapshot.events.map((raw) => {
      const n = normalizeScanEvent(raw);
      return {
        shipmentId: row!.id,
        raw,
        occurredAt: n?.occurredAt ? new Date(n.occurredAt) : null,
        description: n?.description ?? 'Status update',
        city: n?.city ?? null,
        country: n?.country ?? null,
      };
    });
    if (events.length) await tx.insert(shipmentEvents).values(events).onConflictDoNothing();
    if (demo.payLater) {
      const [linked] = await tx.select().from(shipmentInvoiceLines).where(eq(shipmentInvoiceLines.shipmentId, row!.id));
      if (!linked) {
        const invoiceId = await addToMonthlyInvoice(tx, {
          userId,
          shipmentId: row!.id,
          line: invoiceLine(`Shipment ${demo.uniqueId}: ${rate.service} to ${receiver.name}`, q.priceCents),
          now,
        });
        await tx.update(shipments).set({ invoiceId }).where(eq(shipments.id, row!.id));
      }
    }
  });
}

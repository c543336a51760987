import {
  type CarrierOneScanEvent,
  type CarrierTwoScanEvent,
  type ScanEvent,
  normalizeScanEvent,
} from '@postwise/shared/tracking';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type NewShipmentRow, type ShipmentAddress, shipmentEvents, shipments } from '../modules/shipping';
import type { SeedOptions } from './seed-options';
import { demoUserId } from './users';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A moment `daysAgo` days before `now`, at `hourUtc` o'clock UTC (events look recent whenever the seed runs). */
function at(now: Date, daysAgo: number, hourUtc: number, minute = 0): Date {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - daysAgo * DAY);
  return new Date(d.getTime() + hourUtc * HOUR + minute * 60_000);
}

function carrierOne(when: Date, description: string, city: string, country: string): CarrierOneScanEvent {
  const iso = when.toISOString();
  return {
    gmtDate: iso.slice(0, 10).replaceAll('-', ''),
    gmtTime: iso.slice(11, 19),
    status: { description },
    location: { address: { city, country } },
  };
}

function carrierTwo(
  when: Date,
  text: { eventDescription?: string; derivedStatus?: string },
  city: string,
  countryName: string,
): CarrierTwoScanEvent {
  return { date: when.toISOString(), ...text, scanLocation: { city, countryName } };
}

const POSTWISE_LA: Omit<ShipmentAddress, 'name' | 'companyName'> = {
  line1: '1855 Industrial St, Unit 108',
  city: 'Los Angeles',
  state: 'CA',
  zipCode: '90021',
  country: 'US',
  phone: '2135550164',
  email: 'shipper@example.com',
};

interface DemoShipment {
  values: Omit<NewShipmentRow, 'userId'>;
  /** Raw carrier events as the carrier would send them (with fields the public page must not show). */
  events: (now: Date) => ScanEvent[];
}

/** Demo shipments to track (README "Demo shipments to track"); phone numbers use the fictional 555-01xx block. */
export const DEMO_SHIPMENTS: readonly DemoShipment[] = [
  {
    // Carrier-one events, delivered.
    values: {
      uniqueId: 'PW7342918560',
      sender: { ...POSTWISE_LA, name: 'Sofia Ramirez', companyName: 'Harbor & Pine Ceramics' },
      receiver: {
        name: 'Marcus Bell',
        companyName: null,
        line1: '2207 E Cesar Chavez St',
        line2: 'Apt 4',
        city: 'Austin',
        state: 'TX',
        zipCode: '78702',
        country: 'US',
        phone: '5125550131',
      },
      packages: [
        {
          packageType: 'Box',
          dimension: { unit: 'in', length: 14, width: 10, height: 8 },
          weight: 6.4,
          weightUnits: 'lb',
          numberOfPackages: 1,
          insuranceDeclared: 250,
          contentDescription: 'Stoneware dinner set',
          trackingNumber: '794613027758',
        },
      ],
      carrier: 'FedEx',
      carrierService: 'FEDEX_GROUND',
      carrierTrackingNumber: '794613027758',
      shipmentDetails: {
        service: 'FedEx Ground',
        deliveryDate: null,
        deliveryTime: 'By end of day',
        category: 'Ground',
      },
      listPriceCents: 4825,
      priceCents: 1190,
      status: 'delivered',
    },
    events: (now) => [
      { ...carrierOne(at(now, 5, 18, 12), 'Shipment information sent to FedEx', 'Los Angeles', 'US'), eventType: 'OC' },
      carrierOne(at(now, 4, 23, 40), 'Picked up', 'Los Angeles', 'US'),
      carrierOne(at(now, 3, 6, 5), 'Departed FedEx hub', 'Ontario', 'US'),
      carrierOne(at(now, 2, 14, 30), 'Arrived at FedEx hub', 'Austin', 'US'),
      carrierOne(at(now, 1, 13, 2), 'On FedEx vehicle for delivery', 'Austin', 'US'),
      {
        ...carrierOne(at(now, 1, 20, 47), 'Delivered', 'Austin', 'US'),
        // What a carrier adds and the public page must never show.
        deliverySignatureName: 'M.BELL',
        recipientPhone: '5125550131',
      } as CarrierOneScanEvent,
    ],
  },
  {
    // Carrier-two events, in transit.
    values: {
      uniqueId: 'PW5519073824',
      sender: { ...POSTWISE_LA, name: 'Sofia Ramirez', companyName: 'Harbor & Pine Ceramics' },
      receiver: {
        name: 'Aiko Tanaka',
        companyName: 'Tanaka Design Studio',
        line1: '1520 Westlake Ave N',
        line2: 'Suite 300',
        city: 'Seattle',
        state: 'WA',
        zipCode: '98109',
        country: 'US',
        phone: '2065550177',
      },
      packages: [
        {
          packageType: 'Box',
          dimension: { unit: 'in', length: 18, width: 12, height: 10 },
          weight: 11.2,
          weightUnits: 'lb',
          numberOfPackages: 2,
          insuranceDeclared: 400,
          contentDescription: 'Glazed vases',
          trackingNumber: '1Z9V41E80394417285',
        },
      ],
      carrier: 'UPS',
      carrierService: 'UPS_2ND_DAY_AIR',
      carrierTrackingNumber: '1Z9V41E80394417285',
      shipmentDetails: {
        service: 'UPS 2nd Day Air',
        deliveryDate: at(new Date(), -1, 0).toISOString().slice(0, 10),
        deliveryTime: 'By 12:00 PM',
        category: 'Air',
      },
      listPriceCents: 9870,
      priceCents: 2160,
      status: 'in_transit',
    },
    events: (now) => [
      carrierTwo(
        at(now, 1, 17, 20),
        { eventDescription: 'Shipper created a label', derivedStatus: 'LabelCreated' },
        'Los Angeles',
        'United States',
      ),
      carrierTwo(
        at(now, 1, 23, 55),
        { eventDescription: 'Picked up by UPS', derivedStatus: 'InTransit' },
        'Los Angeles',
        'United States',
      ),
      carrierTwo(
        at(now, 0, 4, 10),
        { eventDescription: 'Departed from facility', derivedStatus: 'InTransit' },
        'Ontario',
        'United States',
      ),
      {
        ...carrierTwo(
          at(now, 0, 9, 45),
          { eventDescription: 'Arrived at facility', derivedStatus: 'InTransit' },
          'Seattle',
          'United States',
        ),
        internalCode: 'AR-4471',
      } as CarrierTwoScanEvent,
    ],
  },
  {
    // Label made, no carrier events yet ('No tracking information available.').
    values: {
      uniqueId: 'PW9087162435',
      sender: { ...POSTWISE_LA, name: 'Sofia Ramirez', companyName: 'Harbor & Pine Ceramics' },
      receiver: {
        name: 'Grace Okafor',
        companyName: null,
        line1: '88 Orchard Rd',
        line2: null,
        city: 'Portland',
        state: 'ME',
        zipCode: '04101',
        country: 'US',
        phone: '2075550149',
      },
      packages: [
        {
          packageType: 'Envelope',
          dimension: { unit: 'in', length: 12, width: 9, height: 1 },
          weight: 0.6,
          weightUnits: 'lb',
          numberOfPackages: 1,
          insuranceDeclared: null,
          contentDescription: 'Signed contract',
          trackingNumber: '9405511206215530714528',
        },
      ],
      carrier: 'USPS',
      carrierService: 'USPS_PRIORITY_MAIL',
      carrierTrackingNumber: '9405511206215530714528',
      shipmentDetails: { service: 'USPS Priority Mail', deliveryDate: null, deliveryTime: null, category: 'Priority' },
      listPriceCents: 1065,
      priceCents: 745,
      status: 'label_created',
    },
    events: () => [],
  },
  {
    // Carrier-two events to Canada, one with only a derivedStatus.
    values: {
      uniqueId: 'PW3301468972',
      sender: { ...POSTWISE_LA, name: 'Sofia Ramirez', companyName: 'Harbor & Pine Ceramics' },
      receiver: {
        name: 'Liam Fraser',
        companyName: 'Fraser & Daughters Home Goods',
        line1: '401 Richmond St W',
        line2: 'Unit 212',
        city: 'Toronto',
        state: 'ON',
        zipCode: 'M5V 3A8',
        country: 'CA',
        phone: '4165550122',
      },
      packages: [
        {
          packageType: 'Box',
          dimension: { unit: 'in', length: 20, width: 16, height: 12 },
          weight: 18,
          weightUnits: 'lb',
          numberOfPackages: 1,
          insuranceDeclared: 600,
          contentDescription: 'Handmade planters',
          trackingNumber: '4839205716',
        },
      ],
      carrier: 'DHL Express',
      carrierService: 'EXPRESS_WORLDWIDE',
      carrierTrackingNumber: '4839205716',
      shipmentDetails: {
        service: 'DHL Express Worldwide',
        deliveryDate: at(new Date(), -2, 0).toISOString().slice(0, 10),
        deliveryTime: 'By end of day',
        category: 'International',
      },
      listPriceCents: 21450,
      priceCents: 4290,
      status: 'in_transit',
    },
    events: (now) => [
      carrierTwo(at(now, 2, 19, 0), { eventDescription: 'Shipment picked up' }, 'Los Angeles', 'United States'),
      carrierTwo(
        at(now, 2, 23, 30),
        { eventDescription: 'Processed at LOS ANGELES GATEWAY' },
        'Los Angeles',
        'United States',
      ),
      carrierTwo(
        at(now, 1, 8, 15),
        { eventDescription: 'Departed facility in CINCINNATI HUB' },
        'Cincinnati',
        'United States',
      ),
      carrierTwo(at(now, 0, 11, 40), { derivedStatus: 'Customs clearance in progress' }, 'Toronto', 'Canada'),
    ],
  },
];

/** Demo shipments with their carrier events, upserted by tracking number (uniqueId). */
export async function seedShipments(db: Db, { overwrite }: SeedOptions): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    const ownerId = await demoUserId(tx, 'shipper@example.com');
    for (const demo of DEMO_SHIPMENTS) {
      const values: NewShipmentRow = { ...demo.values, userId: ownerId ?? null };
      const [existing] = await tx
        .select({ id: shipments.id })
        .from(shipments)
        .where(eq(sql`upper(${shipments.uniqueId})`, demo.values.uniqueId.toUpperCase()))
        .limit(1);
      let id = existing?.id;
      if (id && !overwrite) continue;
      if (id) {
        await tx
          .update(shipments)
          .set({ ...values, updatedAt: now })
          .where(eq(shipments.id, id));
        await tx.delete(shipmentEvents).where(eq(shipmentEvents.shipmentId, id));
      } else {
        const [inserted] = await tx.insert(shipments).values(values).returning({ id: shipments.id });
        id = inserted?.id;
      }
      if (!id) throw new Error(`Seeding shipment ${demo.values.uniqueId} returned no id`);
      const rows = demo.events(now).map((raw) => {
        const n = normalizeScanEvent(raw);
        return {
          shipmentId: id,
          raw,
          occurredAt: n?.occurredAt ? new Date(n.occurredAt) : null,
          description: n?.description ?? 'Status update',
          city: n?.city ?? null,
          country: n?.country ?? null,
        };
      });
      if (rows.length) await tx.insert(shipmentEvents).values(rows).onConflictDoNothing();
    }
  });
}

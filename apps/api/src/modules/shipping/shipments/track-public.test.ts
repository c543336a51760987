import { normalizeScanEvents } from '@postwise/shared/tracking';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shipmentEvents, shipments } from '../schema/shipments';
import { DEMO_SHIPMENTS, seedShipments } from '../../../demo/shipments';
import { suiteApp } from '../../../test/suite-app';

let ipCounter = 0;
const nextIp = () => `203.0.113.${++ipCounter}`;

const suite = suiteApp();

const track = (trackingNumber: string | null, opts: { ip?: string; token?: string; zip?: string } = {}) =>
  suite.t.app.inject({
    method: 'GET',
    url: '/api/v1/shipments/track/public',
    query: {
      ...(trackingNumber === null ? {} : { trackingNumber }),
      ...(opts.zip === undefined ? {} : { zip: opts.zip }),
    },
    remoteAddress: opts.ip ?? nextIp(),
    headers: opts.token ? { 'x-access-Token': opts.token } : {},
  });

describe('GET /api/v1/shipments/track/public', () => {
  const FULL_SENDER = {
    name: 'Sofia Ramirez',
    companyName: 'Harbor & Pine Ceramics',
    address: {
      line1: '1855 Industrial St, Unit 108',
      city: 'Los Angeles',
      zipCode: '90021',
      state: 'CA',
      country: 'US',
    },
  };
  const FULL_RECEIVER = {
    name: 'Marcus Bell',
    companyName: null,
    address: { line1: '2207 E Cesar Chavez St', city: 'Austin', zipCode: '78702', state: 'TX', country: 'US' },
  };

  it('by number alone answers carrier, service, status, events and the two cities, but no names or streets', async () => {
    const res = await track('PW7342918560');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      uniqueId: 'PW7342918560',
      access: 'public',
      logistics: { carrier: 'FedEx' },
      status: { code: 'delivered', description: 'Delivered' },
      shipmentDetails: { service: 'FedEx Ground', category: 'Ground' },
      origin: { city: 'Los Angeles', state: 'CA', country: 'US' },
      destination: { city: 'Austin', state: 'TX', country: 'US' },
      sender: null,
      receiver: null,
      packages: [{ packageType: 'Box', numberOfPackages: 1, weight: 6.4, weightUnits: 'lb' }],
    });
    for (const secret of [
      'Sofia',
      'Ramirez',
      'Harbor & Pine',
      'Industrial St',
      'Marcus',
      'Cesar Chavez',
      '78702',
      '90021',
    ]) {
      expect(res.body).not.toContain(secret);
    }
    const events = data.tracking.details.scanEvents;
    expect(events).toHaveLength(6);
    expect(events[0]).toMatchObject({
      status: { description: 'Delivered' },
      location: { address: { city: 'Austin' } },
    });
    const timeline = normalizeScanEvents(events);
    expect(timeline.map((e) => e.description)).toEqual([
      'Delivered',
      'On FedEx vehicle for delivery',
      'Arrived at FedEx hub',
      'Departed FedEx hub',
      'Picked up',
      'Shipment information sent to FedEx',
    ]);
  });

  it('a delivered parcel has no expected delivery any more, only when it was delivered', async () => {
    const data = (await track('PW7342918560')).json().data;
    expect(data.shipmentDetails.deliveryDate).toBeNull();
    expect(data.shipmentDetails.deliveryTime).toBeNull();
    expect(JSON.stringify(data)).not.toContain('By end of day');
    const newest = normalizeScanEvents(data.tracking.details.scanEvents)[0]!;
    expect(data.deliveredAt).toBe(newest.occurredAt);
    // A parcel on its way keeps its expectation and has no delivery time.
    const moving = (await track('PW5519073824')).json().data;
    expect(moving.status.code).not.toBe('delivered');
    expect(moving.deliveredAt).toBeNull();
    expect(moving.shipmentDetails.deliveryDate ?? moving.shipmentDetails.deliveryTime).not.toBeNull();
  });

  it('with the destination ZIP code answers the full sender and receiver of spec 3 (ZIP+4 and spaces accepted)', async () => {
    for (const zip of ['78702', ' 78702-4411 ']) {
      const data = (await track('PW7342918560', { zip })).json().data;
      expect(data.access).toBe('full');
      expect(data.sender).toEqual(FULL_SENDER);
      expect(data.receiver).toEqual(FULL_RECEIVER);
    }
  });

  it('a wrong ZIP code (the origin one, say) keeps the answer public', async () => {
    for (const zip of ['90021', '78703', '']) {
      const res = await track('PW7342918560', { zip });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ access: 'public', sender: null, receiver: null });
      expect(res.body).not.toContain('Marcus');
    }
  });

  it('answers the full shape to the signed-in owner, not to another customer; a bad token is just anonymous', async () => {
    const owner = await suite.t.login('shipper@example.com');
    const mine = (await track('PW7342918560', { token: owner })).json().data;
    expect(mine).toMatchObject({ access: 'full', sender: FULL_SENDER, receiver: FULL_RECEIVER });

    const stranger = await suite.t.login('user@example.com');
    const theirs = await track('PW7342918560', { token: stranger });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data).toMatchObject({ access: 'public', sender: null, receiver: null });

    const stale = await track('PW7342918560', { token: 'not-a-session' });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().data.access).toBe('public');
  });

  it('exposes only the fields spec 3 lists: no phone, e-mail, line 2, prices, contents or carrier extras', async () => {
    const body = (await track('PW7342918560', { zip: '78702' })).body;
    for (const secret of [
      '5125550131', // receiver phone (also inside a raw carrier event)
      'shipper@example.com',
      'Apt 4',
      'Stoneware', // package contents
      'insuranceDeclared',
      'M.BELL', // delivery signature in the raw event
      'eventType',
      'priceCents',
      '1190',
      'userId',
    ]) {
      expect(body).not.toContain(secret);
    }
    const data = JSON.parse(body).data;
    expect(Object.keys(data).sort()).toEqual(
      [
        'access',
        'deliveredAt',
        'destination',
        'logistics',
        'origin',
        'packages',
        'receiver',
        'sender',
        'shipmentDetails',
        'status',
        'tracking',
        'uniqueId',
      ].sort(),
    );
    expect(Object.keys(data.sender).sort()).toEqual(['address', 'companyName', 'name']);
    expect(Object.keys(data.sender.address).sort()).toEqual(['city', 'country', 'line1', 'state', 'zipCode']);
  });

  it('answers carrier-two events in their own shape', async () => {
    const data = (await track('PW5519073824')).json().data;
    const events = data.tracking.details.scanEvents;
    expect(events).toHaveLength(4);
    expect(events[0]).toEqual({
      date: expect.any(String),
      eventDescription: 'Arrived at facility',
      derivedStatus: 'InTransit',
      scanLocation: { city: 'Seattle', countryName: 'United States' },
    });
    expect(JSON.stringify(events)).not.toContain('AR-4471');
    expect(normalizeScanEvents(events)[0]).toMatchObject({
      description: 'Arrived at facility',
      location: 'Seattle, United States',
    });
  });

  it('answers an empty event list for a shipment the carrier has not scanned yet', async () => {
    const res = await track('PW9087162435');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.tracking.details.scanEvents).toEqual([]);
  });

  it('finds a shipment by the carrier tracking number too, ignoring case and spaces', async () => {
    expect((await track('1z9v41e80394417285')).json().data.uniqueId).toBe('PW5519073824');
    expect((await track(' pw3301 468972 ')).json().data.uniqueId).toBe('PW3301468972');
  });

  it("answers 404 'Shipment not found' for an unknown number", async () => {
    const res = await track('PW0000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ isSuccess: false, code: 'NOT_FOUND', message: 'Shipment not found' });
    expect((await track('X'.repeat(200))).statusCode).toBe(404);
  });

  it('does not show a draft shipment (no label yet)', async () => {
    const [row] = await suite.t.database.db
      .insert(shipments)
      .values({ ...DEMO_SHIPMENTS[2]!.values, uniqueId: 'PWDRAFT00001', status: 'draft', carrierTrackingNumber: null })
      .returning();
    expect((await track('PWDRAFT00001')).statusCode).toBe(404);
    await suite.t.database.db.delete(shipments).where(eq(shipments.id, row!.id));
  });

  it.each([[''], ['   '], [null]])("answers 422 'Tracking number is required.' for %j", async (value) => {
    const res = await track(value);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      isSuccess: false,
      code: 'VALIDATION_ERROR',
      message: 'Tracking number is required.',
      errors: { trackingNumber: 'Tracking number is required.' },
    });
  });

  it('limits one address to 30 lookups a minute (429), not found ones included', async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i++) {
      const res = await track(i % 2 ? 'PW7342918560' : `PW${i}`, { ip });
      expect([200, 404]).toContain(res.statusCode);
    }
    const limited = await track('PW7342918560', { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ isSuccess: false, code: 'RATE_LIMITED' });
    expect((await track('PW7342918560')).statusCode).toBe(200);
  });

  it('seeds idempotently and restores demo events with overwrite', async () => {
    // Only the README's demo shipments: the shipping seed adds more shipments with their own events.
    const demoIds = (
      await suite.t.database.db
        .select({ id: shipments.id })
        .from(shipments)
        .where(
          inArray(
            shipments.uniqueId,
            DEMO_SHIPMENTS.map((d) => d.values.uniqueId),
          ),
        )
    ).map((r) => r.id);
    const count = () => suite.t.database.db.$count(shipmentEvents, inArray(shipmentEvents.shipmentId, demoIds));
    const before = await count();
    expect(before).toBe(6 + 4 + 0 + 4);
    await seedShipments(suite.t.database.db, { overwrite: false });
    expect(await count()).toBe(before);
    await seedShipments(suite.t.database.db, { overwrite: true });
    expect(await count()).toBe(before);
    expect(demoIds).toHaveLength(DEMO_SHIPMENTS.length);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { addCard, apiCaller, buyCheapest, DEMO_SENDER } from '../../../test/shipping-kit';
import { suiteApp } from '../../../test/suite-app';

let shipper: string;
let user: string;
let mailbox: string;

const suite = suiteApp(apiCaller);
beforeAll(async () => {
  [shipper, user, mailbox] = await Promise.all([
    suite.t.login('shipper@example.com'),
    suite.t.login('user@example.com'),
    suite.t.login('mailbox@example.com'),
  ]);
  await addCard(suite.t, shipper);
});

const tomorrow = () => new Date(suite.t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);

/** A pickup of one bought shipment from the demo sender tomorrow morning. */
const morningPickupOf = (shipment: { id: string; carrier: string }) => ({
  carrier: shipment.carrier,
  address: DEMO_SENDER,
  date: tomorrow(),
  windowStart: '09:00',
  windowEnd: '12:00',
  shipmentIds: [shipment.id],
});

describe('pickups', () => {
  it('schedules a pickup for own shipments, lists it and cancels it', async () => {
    const shipment = await buyCheapest(suite.t, shipper);
    const res = await suite.kit('POST', '/pickups', shipper, morningPickupOf(shipment));
    expect(res.statusCode).toBe(201);
    const pickup = res.json().data;
    expect(pickup).toMatchObject({ status: 'scheduled', packageCount: 1, shipmentIds: [shipment.id] });
    expect(pickup.confirmation).toMatch(/^PU\d{8}$/);
    expect((await suite.kit('GET', '/pickups', shipper)).json()).toMatchObject({
      total: 1,
      items: [{ id: pickup.id }],
    });
    expect((await suite.kit('GET', '/pickups', user)).json().total).toBe(0);
    expect((await suite.kit('DELETE', `/pickups/${pickup.id}`, user)).statusCode).toBe(404);
    const cancelled = await suite.kit('DELETE', `/pickups/${pickup.id}`, shipper);
    expect(cancelled.json().data.status).toBe('cancelled');
    expect((await suite.kit('DELETE', `/pickups/${pickup.id}`, shipper)).statusCode).toBe(409);
  });

  it('schedules by a number of packages; refuses another customer\u2019s shipments', async () => {
    const byCount = await suite.kit('POST', '/pickups', user, {
      carrier: 'UPS',
      address: DEMO_SENDER,
      date: tomorrow(),
      windowStart: '13:00',
      windowEnd: '17:00',
      packageCount: 3,
    });
    expect(byCount.statusCode).toBe(201);
    const shipment = await buyCheapest(suite.t, shipper);
    const theirs = await suite.kit('POST', '/pickups', user, morningPickupOf(shipment));
    expect(theirs.statusCode).toBe(404);
  });

  it('answers 422 for a bad window, a past date or nothing to pick up; 401 and 403', async () => {
    const base = {
      carrier: 'UPS',
      address: DEMO_SENDER,
      date: tomorrow(),
      windowStart: '12:00',
      windowEnd: '09:00',
      packageCount: 1,
    };
    expect((await suite.kit('POST', '/pickups', shipper, base)).json().message).toBe(
      'Time window must end after it starts',
    );
    const past = await suite.kit('POST', '/pickups', shipper, { ...base, windowStart: '08:00', date: '2001-01-01' });
    expect(past.statusCode).toBe(422);
    expect(past.json().message).toBe('Pickup date cannot be in the past');
    const nothing = await suite.kit('POST', '/pickups', shipper, {
      ...base,
      windowStart: '08:00',
      packageCount: undefined,
    });
    expect(nothing.json().message).toBe('Choose shipments or enter how many packages');
    expect((await suite.kit('GET', '/pickups')).statusCode).toBe(401);
    expect((await suite.kit('GET', '/pickups', mailbox)).statusCode).toBe(403);
    expect((await suite.kit('DELETE', '/pickups/x', shipper)).statusCode).toBe(422);
  });
});

import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../identity/schema/users';
import {
  addCard,
  apiCaller,
  DEMO_BOX,
  DEMO_RECEIVER,
  DEMO_SENDER,
  idempotencyKey,
  shippingTokens,
} from '../../../test/shipping-kit';
import { suiteApp } from '../../../test/suite-app';

let shipper: string;
let user: string;
let admin: string;
let mailbox: string;

const suite = suiteApp(apiCaller);
beforeAll(async () => {
  ({ shipper, user, admin, mailbox } = await shippingTokens(suite.t));
  await addCard(suite.t, shipper);
});

const pallet = {
  ...DEMO_BOX,
  packageType: 'Pallet',
  weight: 400,
  dimension: { unit: 'in', length: 48, width: 40, height: 50 },
};

describe('shipping requests', () => {
  it('customer asks, super admin quotes, customer accepts and pays: a shipment with a label', async () => {
    const created = await suite.kit('POST', '/shipping-requests', shipper, {
      sender: DEMO_SENDER,
      receiver: DEMO_RECEIVER,
      packages: [pallet],
      description: 'One pallet of ceramics',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({ status: 'pending', quote: null });

    // The admin sees it in the list of all requests; another customer does not.
    const pending = (await suite.kit('GET', '/shipping-requests?status=pending', admin)).json();
    expect(pending.items.map((r: { id: string }) => r.id)).toContain(id);
    expect((await suite.kit('GET', `/shipping-requests/${id}`, user)).statusCode).toBe(404);
    expect(
      (await suite.kit('GET', '/shipping-requests', user)).json().items.map((r: { id: string }) => r.id),
    ).not.toContain(id);

    expect(
      (
        await suite.kit('POST', `/shipping-requests/${id}/quote`, shipper, {
          carrier: 'FedEx',
          service: 'Freight',
          priceCents: 1,
        })
      ).statusCode,
    ).toBe(403);
    const quoted = await suite.kit('POST', `/shipping-requests/${id}/quote`, admin, {
      carrier: 'FedEx',
      service: 'FedEx Freight Economy',
      priceCents: 24_900,
      costCents: 19_000,
      transitDays: 4,
    });
    expect(quoted.json().data).toMatchObject({ status: 'quoted', quote: { priceCents: 24_900, costCents: 19_000 } });
    // The customer never sees our cost.
    expect((await suite.kit('GET', `/shipping-requests/${id}`, shipper)).json().data.quote.costCents).toBeNull();

    const key = idempotencyKey();
    expect(
      (
        await suite.kit(
          'POST',
          `/shipping-requests/${id}/accept`,
          user,
          { payment: 'card' },
          { 'idempotency-key': key },
        )
      ).statusCode,
    ).toBe(404);
    const accepted = await suite.kit(
      'POST',
      `/shipping-requests/${id}/accept`,
      shipper,
      { payment: 'card' },
      { 'idempotency-key': key },
    );
    expect(accepted.statusCode).toBe(201);
    const shipment = accepted.json().data;
    expect(shipment).toMatchObject({
      status: 'label_created',
      carrier: 'FedEx',
      service: 'FedEx Freight Economy',
      priceCents: 24_900,
    });
    expect((await suite.kit('GET', `/shipments/${shipment.id}/label?format=pdf`, shipper)).statusCode).toBe(200);
    expect((await suite.kit('GET', `/shipping-requests/${id}`, shipper)).json().data).toMatchObject({
      status: 'accepted',
      shipmentId: shipment.id,
    });
    const again = await suite.kit(
      'POST',
      `/shipping-requests/${id}/accept`,
      shipper,
      { payment: 'card' },
      { 'idempotency-key': idempotencyKey() },
    );
    expect(again.json().data.id).toBe(shipment.id);
    expect(
      (
        await suite.kit('POST', `/shipping-requests/${id}/quote`, admin, {
          carrier: 'UPS',
          service: 'x',
          priceCents: 5,
        })
      ).statusCode,
    ).toBe(409);
  });

  it('answers 409 when accepting before a quote, 422, 401 and 403', async () => {
    const id = (
      await suite.kit('POST', '/shipping-requests', shipper, {
        sender: DEMO_SENDER,
        receiver: DEMO_RECEIVER,
        packages: [pallet],
        description: 'x',
      })
    ).json().data.id;
    expect(
      (
        await suite.kit(
          'POST',
          `/shipping-requests/${id}/accept`,
          shipper,
          { payment: 'card' },
          { 'idempotency-key': idempotencyKey() },
        )
      ).statusCode,
    ).toBe(409);
    const bad = await suite.kit('POST', '/shipping-requests', shipper, {
      sender: DEMO_SENDER,
      receiver: DEMO_RECEIVER,
      packages: [pallet],
      description: '',
    });
    expect(bad.json().message).toBe('Tell us what you are shipping');
    expect(
      (
        await suite.kit('POST', `/shipping-requests/${id}/quote`, admin, {
          carrier: 'FedEx',
          service: 'Freight',
          priceCents: 0,
        })
      ).json().message,
    ).toBe('Price must be greater than 0');
    expect((await suite.kit('GET', '/shipping-requests')).statusCode).toBe(401);
    expect((await suite.kit('GET', '/shipping-requests', mailbox)).statusCode).toBe(403);
    expect((await suite.kit('POST', '/shipping-requests/x/quote', admin, {})).statusCode).toBe(422);
  });

  it("shows the super admin each request's customer by name, searchable by name or e-mail, paged in SQL", async () => {
    const id = (
      await suite.kit('POST', '/shipping-requests', shipper, {
        sender: DEMO_SENDER,
        receiver: DEMO_RECEIVER,
        packages: [pallet],
        description: 'Two crates of tiles',
      })
    ).json().data.id;
    const [owner] = await suite.t.database.db.select().from(users).where(eq(users.email, 'shipper@example.com'));
    const ids = (body: { items: { id: string }[] }) => body.items.map((r) => r.id);

    const all = (await suite.kit('GET', '/shipping-requests?pageNo=1&pageSize=50', admin)).json();
    const row = all.items.find((r: { id: string }) => r.id === id);
    expect(row.customer).toEqual({ fullName: owner!.fullName, email: 'shipper@example.com' });
    expect(all.total).toBeGreaterThanOrEqual(all.items.length);

    // Search by the start of the name (any case) or of the e-mail finds it; another customer's name does not.
    const firstWord = owner!.fullName.split(' ')[0]!.toUpperCase();
    const byName = (await suite.kit('GET', `/shipping-requests?search=${encodeURIComponent(firstWord)}`, admin)).json();
    expect(ids(byName)).toContain(id);
    expect(byName.items.every((r: { customer: { email: string } }) => r.customer.email === 'shipper@example.com')).toBe(
      true,
    );
    expect(byName.total).toBe(byName.items.length);
    expect(ids((await suite.kit('GET', '/shipping-requests?search=shipper%40', admin)).json())).toContain(id);
    const none = (await suite.kit('GET', '/shipping-requests?search=nobody-by-this-name', admin)).json();
    expect(none).toMatchObject({ items: [], total: 0 });

    // A customer sees no names, and search never reaches beyond their own requests.
    const own = (await suite.kit('GET', '/shipping-requests?search=user', shipper)).json();
    expect(ids(own)).toContain(id);
    expect(
      own.items.every((r: { customer: unknown; userId: unknown }) => r.customer === null && r.userId === null),
    ).toBe(true);
    expect(ids((await suite.kit('GET', '/shipping-requests?search=shipper', user)).json())).not.toContain(id);
    expect((await suite.kit('GET', `/shipping-requests?search=${'x'.repeat(101)}`, admin)).statusCode).toBe(422);
  });
});

import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEV_TRACKING_WEBHOOK_SECRET } from '../../../config';
import { notifications } from '../../platform/schema/notifications';
import { shipmentEvents, shipments } from '../schema/shipments';
import { snapshotFromTracker, statusFromEasyPost } from '../../../integrations/carriers/easypost-carrier';
import { addCard, buyCheapest } from '../../../test/shipping-kit';
import { suiteApp } from '../../../test/suite-app';
import { BAD_TRACKING_SIGNATURE, signTrackingWebhook, verifyTrackingSignature } from './tracking-webhook';

describe('tracking webhook signature', () => {
  const body = '{"id":"evt_1","description":"tracker.updated"}';
  it('accepts the HMAC-SHA256 of the exact body with the secret, and nothing else', () => {
    const sig = signTrackingWebhook(body, 'secret-of-at-least-16');
    expect(sig).toMatch(/^hmac-sha256-hex=[0-9a-f]{64}$/);
    expect(verifyTrackingSignature(body, sig, 'secret-of-at-least-16')).toBe(true);
    expect(
      verifyTrackingSignature(
        body,
        sig.toUpperCase().replace('HMAC-SHA256-HEX=', 'hmac-sha256-hex='),
        'secret-of-at-least-16',
      ),
    ).toBe(true);
    expect(verifyTrackingSignature(`${body} `, sig, 'secret-of-at-least-16')).toBe(false);
    expect(verifyTrackingSignature(body, sig, 'another-secret-value')).toBe(false);
    expect(verifyTrackingSignature(body, undefined, 'secret-of-at-least-16')).toBe(false);
    expect(verifyTrackingSignature(body, 'hmac-sha256-hex=00', 'secret-of-at-least-16')).toBe(false);
  });
});

describe('tracker status mapping', () => {
  it('maps every EasyPost tracker status onto the shipment lifecycle', () => {
    expect(statusFromEasyPost('pre_transit')).toBe('label_created');
    expect(statusFromEasyPost('unknown')).toBe('label_created');
    expect(statusFromEasyPost('in_transit')).toBe('in_transit');
    expect(statusFromEasyPost('out_for_delivery')).toBe('out_for_delivery');
    expect(statusFromEasyPost('delivered')).toBe('delivered');
    for (const s of ['failure', 'return_to_sender', 'error', 'cancelled', 'available_for_pickup']) {
      expect(statusFromEasyPost(s)).toBe('exception');
    }
  });
  it("turns a tracker's details into carrier-two scan events", () => {
    const snap = snapshotFromTracker({
      status: 'delivered',
      tracking_details: [
        {
          datetime: '2026-11-20T10:00:00Z',
          message: 'Delivered, front door',
          status: 'delivered',
          tracking_location: { city: 'Austin', country: 'US' },
        },
      ],
    });
    expect(snap.status).toBe('delivered');
    expect(snap.events).toEqual([
      {
        date: '2026-11-20T10:00:00Z',
        eventDescription: 'Delivered, front door',
        derivedStatus: expect.any(String),
        scanLocation: { city: 'Austin', countryName: 'US' },
      },
    ]);
  });
});

let shipper: string;

const suite = suiteApp();
beforeAll(async () => {
  shipper = await suite.t.login('shipper@example.com');
  await addCard(suite.t, shipper);
});

function tracker(id: string, trackingCode: string, status: string, details: { at: string; message: string }[]) {
  return JSON.stringify({
    id,
    object: 'Event',
    description: 'tracker.updated',
    result: {
      object: 'Tracker',
      id: 'trk_1',
      tracking_code: trackingCode,
      status,
      tracking_details: details.map((d) => ({
        datetime: d.at,
        message: d.message,
        status,
        tracking_location: { city: 'Austin', country: 'US' },
      })),
    },
  });
}

function post(body: string, signature: string | undefined) {
  return suite.t.app.inject({
    method: 'POST',
    url: '/api/v1/shipments/tracking/webhook',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-hmac-signature': signature } : {}) },
    payload: body,
  });
}

describe('POST shipments/tracking/webhook', () => {
  it('401 on a missing or wrong signature, 422 on a body that is not a tracker event', async () => {
    const body = tracker('evt_bad', '1Z999', 'delivered', []);
    const missing = await post(body, undefined);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ isSuccess: false, message: BAD_TRACKING_SIGNATURE });
    expect((await post(body, signTrackingWebhook(body, 'not-the-configured-secret'))).statusCode).toBe(401);
    const junk = '{"hello":"world"}';
    expect((await post(junk, signTrackingWebhook(junk, DEV_TRACKING_WEBHOOK_SECRET))).statusCode).toBe(422);
  });

  it('moves the shipment, stores its events, notifies the owner once, and a redelivered event changes nothing', async () => {
    const bought = await buyCheapest(suite.t, shipper);
    const [row] = await suite.t.database.db.select().from(shipments).where(eq(shipments.id, bought.id));
    const code = row!.carrierTrackingNumber!;
    expect(code).toBeTruthy();
    const owned = () =>
      suite.t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, row!.userId!), eq(notifications.kind, 'shipment_update')));
    const before = (await owned()).length;

    const body = tracker('evt_out_1', code.toLowerCase(), 'out_for_delivery', [
      { at: '2026-11-20T08:00:00Z', message: 'Out for delivery' },
    ]);
    const first = await post(body, signTrackingWebhook(body, DEV_TRACKING_WEBHOOK_SECRET));
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      received: true,
      eventId: 'evt_out_1',
      duplicate: false,
      shipmentId: bought.id,
      status: 'out_for_delivery',
    });
    const [moved] = await suite.t.database.db.select().from(shipments).where(eq(shipments.id, bought.id));
    expect(moved!.status).toBe('out_for_delivery');
    const events = await suite.t.database.db
      .select()
      .from(shipmentEvents)
      .where(eq(shipmentEvents.shipmentId, bought.id));
    expect(events.some((e) => e.description.includes('Out for delivery'))).toBe(true);
    expect((await owned()).length).toBe(before + 1);

    const again = await post(body, signTrackingWebhook(body, DEV_TRACKING_WEBHOOK_SECRET));
    expect(again.json().data).toMatchObject({ duplicate: true, eventId: 'evt_out_1' });
    expect(
      (await suite.t.database.db.select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, bought.id))).length,
    ).toBe(events.length);
    expect((await owned()).length).toBe(before + 1);

    // The next event (delivered) moves it on and notifies again; the e-mail goes out besides.
    const delivered = tracker('evt_done_1', code, 'delivered', [
      { at: '2026-11-20T08:00:00Z', message: 'Out for delivery' },
      { at: '2026-11-20T14:00:00Z', message: 'Delivered, front door' },
    ]);
    const done = await post(delivered, signTrackingWebhook(delivered, DEV_TRACKING_WEBHOOK_SECRET));
    expect(done.json().data).toMatchObject({ status: 'delivered', duplicate: false });
    expect((await owned()).length).toBe(before + 2);
    expect((await suite.t.outbox()).some((m) => m.subject === `Shipment ${bought.uniqueId}: Delivered`)).toBe(true);
  });

  it('answers 200 for a tracking number that is not ours, so the carrier does not resend it', async () => {
    const body = tracker('evt_foreign_1', 'NOT-OURS-123', 'in_transit', []);
    const res = await post(body, signTrackingWebhook(body, DEV_TRACKING_WEBHOOK_SECRET));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ shipmentId: null, duplicate: false });
  });
});

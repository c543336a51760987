import { WEBHOOK_DISABLE_AFTER_FAILURES } from '@postwise/shared/integrations';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../../integrations/mailer/outbox-mailer';
import { signedInCaller } from '../../../test/signed-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { addCard, buyCheapest } from '../../../test/shipping-kit';
import { users } from '../../identity';
import { mailKit } from '../../mailbox/mail/mail-test-kit';
import { webhookDeliveries, webhookEndpoints } from '../schema/webhooks';
import { emitWebhookEvent } from './emitter';
import { isPublicAddress, PRIVATE_TARGET } from './ssrf';
import { verifySignature, webhookReceiver } from './webhook-test-kit';

const USER = 'user@example.com';
const SUB = 'subadmin@example.com';
const SA = 'superadmin@example.com';

type Receiver = Awaited<ReturnType<typeof webhookReceiver>>;

const api = (t: TestApp) => signedInCaller(t).as;

/** Moves the waiting retries of a queue to now, as if their back-off had passed. */
async function retryNow(t: TestApp) {
  await t.database.db.execute(
    sql`update pgboss.job set start_after = now() - interval '1 second' where name = 'webhook-delivery' and state = 'retry'`,
  );
}

describe('webhook endpoints', () => {
  let t: TestApp;
  let call: ReturnType<typeof api>;
  let receiver: Receiver;

  beforeAll(async () => {
    t = await createTestApp();
    call = api(t);
    receiver = await webhookReceiver();
  });

  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('answers the signing secret once, and never lists it', async () => {
    const created = await call(USER, 'POST', 'webhook-endpoints', {
      url: receiver.url,
      events: ['mail_item.received', 'mail_request.updated'],
    });
    expect(created.statusCode).toBe(200);
    const endpoint = created.json().data;
    expect(endpoint.secret).toMatch(/^whsec_[\w-]{32}$/);
    expect(endpoint.secretPrefix).toBe(endpoint.secret.slice(0, 12));
    const list = await call(USER, 'GET', 'webhook-endpoints');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(endpoint.secret);
    expect(list.json().data.map((e: { id: string }) => e.id)).toContain(endpoint.id);
    await call(USER, 'DELETE', `webhook-endpoints/${endpoint.id}`);
  });

  it('refuses the anonymous (401), the super admin (403), bad input (422) and others’ endpoints (404)', async () => {
    expect((await call(null, 'GET', 'webhook-endpoints')).statusCode).toBe(401);
    expect((await call(SA, 'GET', 'webhook-endpoints')).statusCode).toBe(403);
    const bad = await call(USER, 'POST', 'webhook-endpoints', { url: 'ftp://example.com', events: [] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ url: 'Enter a valid http(s) URL', events: 'Choose at least one event' });
    const unknownEvent = await call(USER, 'POST', 'webhook-endpoints', { url: receiver.url, events: ['user.deleted'] });
    expect(unknownEvent.statusCode).toBe(422);
    const mine = (await call(USER, 'POST', 'webhook-endpoints', { url: receiver.url, events: ['invoice.paid'] })).json()
      .data;
    expect((await call(SUB, 'GET', `webhook-endpoints/${mine.id}`)).statusCode).toBe(404);
    expect((await call(SUB, 'PATCH', `webhook-endpoints/${mine.id}`, { enabled: false })).statusCode).toBe(404);
    expect((await call(SUB, 'DELETE', `webhook-endpoints/${mine.id}`)).statusCode).toBe(404);
    expect((await call(SUB, 'GET', `webhook-endpoints/${mine.id}/deliveries`)).statusCode).toBe(404);
    expect((await call(USER, 'DELETE', `webhook-endpoints/${mine.id}`)).statusCode).toBe(200);
    expect((await call(USER, 'GET', `webhook-endpoints/${mine.id}`)).statusCode).toBe(404);
  });

  it('delivers mail intake signed with the endpoint’s secret, and logs the delivery', async () => {
    const endpoint = (
      await call(USER, 'POST', 'webhook-endpoints', { url: receiver.url, events: ['mail_item.received'] })
    ).json().data;
    const k = mailKit(t);
    const before = receiver.received.length;
    const item = (await k.receive(SA, await k.mailboxOf(USER), { kind: 'letter', sender: 'Signed Hook Co' })).json()
      .data;
    expect(receiver.received).toHaveLength(before);
    await t.drainJobs();
    const hook = receiver.received.at(-1)!;
    expect(receiver.received).toHaveLength(before + 1);
    expect(hook.headers['content-type']).toBe('application/json');
    expect(verifySignature(String(hook.headers['postwise-signature']), hook.body, endpoint.secret)).toBe(true);
    expect(verifySignature(String(hook.headers['postwise-signature']), `${hook.body} `, endpoint.secret)).toBe(false);
    expect(verifySignature(String(hook.headers['postwise-signature']), hook.body, 'whsec_wrong')).toBe(false);
    const body = JSON.parse(hook.body);
    expect(Object.keys(body).sort()).toEqual(['created', 'data', 'id', 'type']);
    expect(body.type).toBe('mail_item.received');
    expect(body.data.mailItem).toMatchObject({ id: item.id, sender: 'Signed Hook Co', kind: 'letter' });
    expect(body.data.mailItem.number).toBeGreaterThan(0);

    const log = await call(USER, 'GET', `webhook-endpoints/${endpoint.id}/deliveries`);
    expect(log.statusCode).toBe(200);
    expect(log.json().items[0]).toMatchObject({
      eventId: body.id,
      type: 'mail_item.received',
      status: 'succeeded',
      attempts: 1,
      responseStatus: 200,
    });
    await call(USER, 'DELETE', `webhook-endpoints/${endpoint.id}`);
  });

  it('retries a delivery the endpoint answered 500, with back-off, until it is accepted; redelivers on demand', async () => {
    const endpoint = (
      await call(USER, 'POST', 'webhook-endpoints', { url: receiver.url, events: ['mail_request.updated'] })
    ).json().data;
    const k = mailKit(t);
    const item = (await k.receive(SA, await k.mailboxOf(USER), { kind: 'letter', sender: 'Retry Co' })).json().data;
    receiver.answer(500);
    const before = receiver.received.length;
    expect((await k.as(USER, 'POST', `mail-items/${item.id}/requests`, { type: 'shred' })).statusCode).toBe(200);
    await t.drainJobs();
    expect(receiver.received.slice(before).map((r) => r.status)).toEqual([500]);
    let [delivery] = (await call(USER, 'GET', `webhook-endpoints/${endpoint.id}/deliveries`)).json().items;
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500 });
    expect(delivery.lastError).toBe('The endpoint answered HTTP 500.');
    // Not before the back-off: a drain now sends nothing.
    const [waiting] = (
      (await t.database.db.execute(
        sql`select extract(epoch from start_after - now())::float as s from pgboss.job where name = 'webhook-delivery' and state = 'retry'`,
      )) as unknown as { rows: { s: number }[] }
    ).rows;
    expect(waiting!.s).toBeGreaterThan(20);
    await t.drainJobs();
    expect(receiver.received.length).toBe(before + 1);

    await retryNow(t);
    await t.drainJobs();
    expect(receiver.received.slice(before).map((r) => r.status)).toEqual([500, 200]);
    [delivery] = (await call(USER, 'GET', `webhook-endpoints/${endpoint.id}/deliveries`)).json().items;
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 2, responseStatus: 200, lastError: null });
    const first = receiver.received[before]!;
    const second = receiver.received[before + 1]!;
    expect(second.body).toBe(first.body);
    expect(JSON.parse(second.body).data.mailRequest).toMatchObject({ type: 'shred', status: 'requested' });

    const again = await call(USER, 'POST', `webhook-endpoints/${endpoint.id}/deliveries/${delivery.id}/redeliver`);
    expect(again.statusCode).toBe(200);
    await t.drainJobs();
    expect(receiver.received.length).toBe(before + 3);
    expect(receiver.received.at(-1)!.body).toBe(first.body);
    expect(
      verifySignature(String(receiver.received.at(-1)!.headers['postwise-signature']), first.body, endpoint.secret),
    ).toBe(true);
    await call(USER, 'DELETE', `webhook-endpoints/${endpoint.id}`);
  });

  it("sends a customer's events to their sub-admin's endpoint too", async () => {
    const endpoint = (
      await call(SUB, 'POST', 'webhook-endpoints', { url: receiver.url, events: ['mail_item.received'] })
    ).json().data;
    const k = mailKit(t);
    const before = receiver.received.length;
    await k.receive(SA, await k.mailboxOf('ava.nguyen@example.com'), { kind: 'letter', sender: 'Reseller Hook Co' });
    // Another sub-admin's customer (user@ belongs to the platform) does not reach it.
    await k.receive(SA, await k.mailboxOf(USER), { kind: 'letter', sender: 'Not Theirs Co' });
    await t.drainJobs();
    const mine = receiver.received.slice(before).map((r) => JSON.parse(r.body));
    expect(mine.map((b) => b.data.mailItem.sender)).toEqual(['Reseller Hook Co']);
    const [ava] = await t.database.db.select().from(users).where(eq(users.email, 'ava.nguyen@example.com'));
    expect(mine[0].data.customerId).toBe(ava!.id);
    expect(
      verifySignature(
        String(receiver.received.at(-1)!.headers['postwise-signature']),
        receiver.received.at(-1)!.body,
        endpoint.secret,
      ),
    ).toBe(true);
    await call(SUB, 'DELETE', `webhook-endpoints/${endpoint.id}`);
  });

  it('sends shipment.created and invoice.paid when a label is bought', async () => {
    const shipper = await t.login('shipper@example.com');
    await addCard(t, shipper);
    const endpoint = (
      await call('shipper@example.com', 'POST', 'webhook-endpoints', {
        url: receiver.url,
        events: ['shipment.created', 'invoice.paid'],
      })
    ).json().data;
    const before = receiver.received.length;
    const bought = await buyCheapest(t, shipper);
    await t.drainJobs();
    const types = receiver.received.slice(before).map((r) => JSON.parse(r.body));
    expect(types.map((b) => b.type).sort()).toEqual(['invoice.paid', 'shipment.created']);
    const created = types.find((b) => b.type === 'shipment.created');
    expect(created.data.shipment).toMatchObject({ uniqueId: bought.uniqueId, status: 'label_created' });
    expect(types.find((b) => b.type === 'invoice.paid').data.invoice.category).toBe('shipment');
    await call('shipper@example.com', 'DELETE', `webhook-endpoints/${endpoint.id}`);
  });

  it('sends shipment.updated with status voided when a label is voided', async () => {
    const shipper = await t.login('shipper@example.com');
    await addCard(t, shipper);
    const endpoint = (
      await call('shipper@example.com', 'POST', 'webhook-endpoints', {
        url: receiver.url,
        events: ['shipment.updated'],
      })
    ).json().data;
    const bought = await buyCheapest(t, shipper);
    await t.drainJobs();
    const before = receiver.received.length;
    const voided = await call('shipper@example.com', 'POST', `shipments/${bought.id}/void`, { refundTo: 'credit' });
    expect(voided.statusCode).toBe(200);
    await t.drainJobs();
    const events = receiver.received.slice(before);
    expect(events).toHaveLength(1);
    const event = JSON.parse(events[0]!.body);
    expect(event.type).toBe('shipment.updated');
    expect(event.data.shipment).toMatchObject({ id: bought.id, uniqueId: bought.uniqueId, status: 'voided' });
    expect(event.data.tracking).toMatchObject({ status: 'voided', previousStatus: 'label_created' });
    expect(verifySignature(String(events[0]!.headers['postwise-signature']), events[0]!.body, endpoint.secret)).toBe(
      true,
    );
    // A second void is refused and sends nothing more.
    expect((await call('shipper@example.com', 'POST', `shipments/${bought.id}/void`, {})).statusCode).toBe(409);
    await t.drainJobs();
    expect(receiver.received.length).toBe(before + 1);
    await call('shipper@example.com', 'DELETE', `webhook-endpoints/${endpoint.id}`);
  });

  it('rotates the signing secret: both secrets sign for 24 hours, then only the new one', async () => {
    const endpoint = (
      await call(USER, 'POST', 'webhook-endpoints', { url: receiver.url, events: ['invoice.paid'] })
    ).json().data;
    expect((await call(null, 'POST', `webhook-endpoints/${endpoint.id}/rotate-secret`)).statusCode).toBe(401);
    expect((await call(SUB, 'POST', `webhook-endpoints/${endpoint.id}/rotate-secret`)).statusCode).toBe(404);
    expect((await call(USER, 'POST', 'webhook-endpoints/not-an-id/rotate-secret')).statusCode).toBe(422);

    const rotated = await call(USER, 'POST', `webhook-endpoints/${endpoint.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().data;
    expect(fresh.secret).toMatch(/^whsec_[\w-]{32}$/);
    expect(fresh.secret).not.toBe(endpoint.secret);
    expect(fresh.secretPrefix).toBe(fresh.secret.slice(0, 12));
    const overlapHours = (Date.parse(fresh.previousSecretExpiresAt) - Date.now()) / 3600_000;
    expect(overlapHours).toBeGreaterThan(23.9);
    expect(overlapHours).toBeLessThanOrEqual(24);
    // The new secret is shown this once.
    expect((await call(USER, 'GET', `webhook-endpoints/${endpoint.id}`)).body).not.toContain(fresh.secret);

    const [user] = await t.database.db.select().from(users).where(eq(users.email, USER));
    const emit = async () => {
      const before = receiver.received.length;
      await t.database.db.transaction((tx) =>
        emitWebhookEvent(tx, { userId: user!.id, type: 'invoice.paid', data: { invoice: { id: 'rotation' } } }),
      );
      await t.drainJobs();
      expect(receiver.received.length).toBe(before + 1);
      return receiver.received.at(-1)!;
    };

    const during = await emit();
    const header = String(during.headers['postwise-signature']);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(verifySignature(header, during.body, fresh.secret)).toBe(true);
    expect(verifySignature(header, during.body, endpoint.secret)).toBe(true);
    expect(verifySignature(header, during.body, 'whsec_someone-else')).toBe(false);

    // 24 hours later the previous secret no longer signs.
    await t.database.db
      .update(webhookEndpoints)
      .set({ previousSecretExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(webhookEndpoints.id, endpoint.id));
    const after = await emit();
    const single = String(after.headers['postwise-signature']);
    expect(single).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(single, after.body, fresh.secret)).toBe(true);
    expect(verifySignature(single, after.body, endpoint.secret)).toBe(false);
    await call(USER, 'DELETE', `webhook-endpoints/${endpoint.id}`);
  });

  it('sends nothing for a change that rolled back', async () => {
    const endpoint = (
      await call(USER, 'POST', 'webhook-endpoints', { url: receiver.url, events: ['invoice.paid'] })
    ).json().data;
    const [user] = await t.database.db.select().from(users).where(eq(users.email, USER));
    const before = receiver.received.length;
    await t.database.db
      .transaction(async (tx) => {
        await emitWebhookEvent(tx, { userId: user!.id, type: 'invoice.paid', data: { invoice: { id: 'x' } } });
        throw new Error('the payment write failed');
      })
      .catch(() => undefined);
    await t.drainJobs();
    expect(receiver.received.length).toBe(before);
    expect(await t.database.db.$count(webhookDeliveries, eq(webhookDeliveries.endpointId, endpoint.id))).toBe(0);
    await call(USER, 'DELETE', `webhook-endpoints/${endpoint.id}`);
  });
});

describe('an endpoint that keeps failing', () => {
  let t: TestApp;
  let receiver: Receiver;

  beforeAll(async () => {
    // Every failure is final here (no day of retries), so the disabling shows without waiting.
    t = await createTestApp({ config: { WEBHOOK_RETRY_WINDOW_SECONDS: 0 } });
    receiver = await webhookReceiver();
  });

  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it(`is disabled after ${WEBHOOK_DISABLE_AFTER_FAILURES} deliveries in a row failed, and its owner is e-mailed`, async () => {
    const call = api(t);
    const endpoint = (
      await call(USER, 'POST', 'webhook-endpoints', { url: receiver.url, events: ['invoice.paid'] })
    ).json().data;
    const [user] = await t.database.db.select().from(users).where(eq(users.email, USER));
    receiver.answer(...Array.from({ length: WEBHOOK_DISABLE_AFTER_FAILURES + 1 }, () => 503));
    for (let i = 0; i < WEBHOOK_DISABLE_AFTER_FAILURES + 1; i++) {
      await t.database.db.transaction((tx) =>
        emitWebhookEvent(tx, { userId: user!.id, type: 'invoice.paid', data: { invoice: { id: `inv-${i}` } } }),
      );
      await t.drainJobs();
    }
    // The sixth event found the endpoint disabled: nothing was queued for it.
    expect(receiver.received).toHaveLength(WEBHOOK_DISABLE_AFTER_FAILURES);
    const shown = (await call(USER, 'GET', `webhook-endpoints/${endpoint.id}`)).json().data;
    expect(shown).toMatchObject({ enabled: false, consecutiveFailures: WEBHOOK_DISABLE_AFTER_FAILURES });
    expect(shown.disabledReason).toContain('in a row failed');
    const mail = (await t.outbox()).filter((m) => m.to === USER && m.subject === 'A webhook endpoint was disabled');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(receiver.url);
    // The link opens the API & Webhooks screen, the one route for every account that may hold an endpoint.
    expect(mail[0]!.text).toContain('/developers');
    const failed = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, 'failed')));
    expect(failed).toHaveLength(WEBHOOK_DISABLE_AFTER_FAILURES);

    // Redelivery waits for the owner to enable it again, which clears the count.
    const redeliver = await call(
      USER,
      'POST',
      `webhook-endpoints/${endpoint.id}/deliveries/${failed[0]!.id}/redeliver`,
    );
    expect(redeliver.statusCode).toBe(409);
    const enabled = await call(USER, 'PATCH', `webhook-endpoints/${endpoint.id}`, { enabled: true });
    expect(enabled.json().data).toMatchObject({ enabled: true, consecutiveFailures: 0, disabledReason: null });
  });
});

describe('webhook targets in production', () => {
  let t: TestApp;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await webhookReceiver();
    t = await createTestApp({
      config: { NODE_ENV: 'production' },
      mailer: createOutboxMailer({
        dir: '/tmp/postwise-webhook-prod-outbox',
        from: 'Postwise <no-reply@postwise.test>',
      }),
    });
  });

  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('refuses private, loopback and link-local targets when the endpoint is saved', async () => {
    const call = api(t);
    for (const url of [
      receiver.url,
      'http://localhost:8080/hooks',
      'http://10.1.2.3/hooks',
      'http://192.168.0.10/hooks',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hooks',
      'http://[fe80::1]/hooks',
      'http://[::ffff:127.0.0.1]/hooks',
    ]) {
      const res = await call(USER, 'POST', 'webhook-endpoints', { url, events: ['invoice.paid'] });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().message).toBe(PRIVATE_TARGET);
    }
  });

  it('checks the target again at delivery time and never reaches it', async () => {
    // As if the name had re-resolved to a private address after it was saved.
    const [user] = await t.database.db.select().from(users).where(eq(users.email, USER));
    const [endpoint] = await t.database.db
      .insert(webhookEndpoints)
      .values({ userId: user!.id, url: receiver.url, events: ['invoice.paid'], secret: 'whsec_test' })
      .returning();
    await t.database.db.transaction((tx) =>
      emitWebhookEvent(tx, { userId: user!.id, type: 'invoice.paid', data: { invoice: { id: 'prod' } } }),
    );
    await t.drainJobs();
    expect(receiver.received).toHaveLength(0);
    const [delivery] = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint!.id));
    expect(delivery).toMatchObject({ status: 'failed', lastError: PRIVATE_TARGET, responseStatus: null });
  });
});

describe('public addresses', () => {
  it('are global unicast only', () => {
    for (const ok of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '8.8.8.8']) {
      expect(isPublicAddress(ok), ok).toBe(true);
    }
    for (const no of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '2002:c0a8:0101::1',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(no), no).toBe(false);
    }
  });
});

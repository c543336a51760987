import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '../schema/transactions';
import type { SandboxPaymentProvider } from '../../../integrations/payments/sandbox-provider';
import { suiteApp } from '../../../test/suite-app';
import { addPeriod } from './state-machine';

const CARD_OK = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' };

describe('subscriptions', () => {
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let monthly: { id: string; price: number; scanCount: number };
  let topup: { id: string; scanCount: number };

  const suite = suiteApp();
  beforeAll(async () => {
    for (const email of [
      'mailbox@example.com',
      'user@example.com',
      'pastdue@example.com',
      'superadmin@example.com',
      'subadmin@example.com',
      'shipper@example.com',
    ]) {
      tokens[email] = await suite.t.login(email);
      const me = await suite.t.app.inject({ method: 'GET', url: '/api/v1/subscriptions/my', headers: h(email) });
      expect(me.statusCode).toBe(200);
    }
    const plans = await suite.t.app.inject({
      method: 'GET',
      url: '/api/v1/plans?validity=month',
      headers: h('mailbox@example.com'),
    });
    monthly = plans.json().items.find((p: { name: string }) => p.name === 'Basic Mailbox');
    const packs = await suite.t.app.inject({
      method: 'GET',
      url: '/api/v1/plans?validity=topup',
      headers: h('mailbox@example.com'),
    });
    topup = packs.json().items[0];
    for (const email of ['mailbox@example.com', 'shipper@example.com']) {
      const res = await suite.t.app.inject({
        method: 'POST',
        url: '/api/v1/auths/login',
        payload: { email, password: 'Demo1234!' },
      });
      ids[email] = res.json().data.user.id;
    }
  });

  function h(email: string, extra: Record<string, string> = {}) {
    return { 'x-access-token': tokens[email]!, ...extra };
  }
  const sandbox = () => suite.t.app.payments as SandboxPaymentProvider;
  const buy = (email: string, plan: string, user: string, key?: string) =>
    suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions',
      headers: h(email, key ? { 'idempotency-key': key } : {}),
      payload: { plan, user },
    });

  it('GET subscriptions/my answers status none for a user who never subscribed, and 401 without a session', async () => {
    const res = await suite.t.app.inject({
      method: 'GET',
      url: '/api/v1/subscriptions/my',
      headers: h('mailbox@example.com'),
    });
    expect(res.json()).toMatchObject({
      isSuccess: true,
      data: { status: 'none', isExpired: false, enteredPastDueAt: null, plan: null },
    });
    const anon = await suite.t.app.inject({ method: 'GET', url: '/api/v1/subscriptions/my' });
    expect(anon.statusCode).toBe(401);
  });

  it('GET subscriptions/quote answers the server-computed order summary, and 401/403/422', async () => {
    const quote = (email: string | null, plan: string, user: string) =>
      suite.t.app.inject({
        method: 'GET',
        url: `/api/v1/subscriptions/quote?plan=${plan}&user=${user}`,
        headers: email ? h(email) : {},
      });
    const me = ids['mailbox@example.com']!;
    const res = await quote('mailbox@example.com', monthly.id, me);
    expect(res.statusCode).toBe(200);
    const now = suite.t.clock.now();
    expect(res.json()).toMatchObject({
      isSuccess: true,
      data: {
        planId: monthly.id,
        planName: 'Basic Mailbox',
        validity: 'month',
        periodLabel: 'Monthly subscription',
        priceCents: monthly.price,
        taxCents: 0,
        chargedTodayCents: monthly.price,
        periodStart: now.toISOString(),
        renewsAt: addPeriod(now, 'month').toISOString(),
      },
    });
    const pack = await quote('mailbox@example.com', topup.id, me);
    expect(pack.json().data).toMatchObject({ validity: 'topup', periodStart: null, renewsAt: null });
    // Quoting charges nothing.
    expect(await suite.t.database.db.select().from(transactions).where(eq(transactions.userId, me))).toEqual([]);
    expect((await quote(null, monthly.id, me)).statusCode).toBe(401);
    expect((await quote('mailbox@example.com', monthly.id, ids['shipper@example.com']!)).statusCode).toBe(403);
    const invalid = await quote('mailbox@example.com', 'not-a-plan', me);
    expect(invalid.statusCode).toBe(422);
    const unknown = await quote('mailbox@example.com', '00000000-0000-4000-8000-000000000000', me);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ errors: { plan: 'This plan is not available to you.' } });
  });

  it('a purchase without any card answers NO_CUSTOMER_ID so the client opens the card dialog', async () => {
    const res = await buy('mailbox@example.com', monthly.id, ids['mailbox@example.com']!);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ isSuccess: false, code: 'NO_CUSTOMER_ID' });
  });

  it('a purchase with a customer but no default card answers NO_DEFAULT_PAYMENT_METHOD', async () => {
    const saved = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/paymentMethods',
      headers: h('mailbox@example.com'),
      payload: { card: CARD_OK },
    });
    expect(saved.statusCode).toBe(200);
    const removed = await suite.t.app.inject({
      method: 'DELETE',
      url: `/api/v1/paymentMethods/${saved.json().data.id}`,
      headers: h('mailbox@example.com'),
    });
    expect(removed.statusCode).toBe(200);
    const res = await buy('mailbox@example.com', monthly.id, ids['mailbox@example.com']!);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('NO_DEFAULT_PAYMENT_METHOD');
  });

  it('validates the body with the spec messages (422) and refuses a plan the buyer cannot buy', async () => {
    const missing = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions',
      headers: h('mailbox@example.com'),
      payload: { user: ids['mailbox@example.com'] },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ message: 'Plan is required', errors: { plan: 'Plan is required' } });
    const subAdminPlans = await suite.t.app.inject({
      method: 'GET',
      url: '/api/v1/plans?audience=sub_admin',
      headers: h('superadmin@example.com'),
    });
    const res = await buy('mailbox@example.com', subAdminPlans.json().items[0].id, ids['mailbox@example.com']!);
    expect(res.statusCode).toBe(422);
  });

  it('a card that attaches but fails when charged (4000 0000 0000 0341) answers 402 with the decline and changes nothing', async () => {
    const saved = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/paymentMethods',
      headers: h('mailbox@example.com'),
      payload: { card: { ...CARD_OK, number: '4000000000000341' } },
    });
    expect(saved.statusCode).toBe(200);
    const res = await buy('mailbox@example.com', monthly.id, ids['mailbox@example.com']!, 'decline-attempt-1');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_FAILED', message: 'Your card was declined.' });
    const me = await suite.t.app.inject({
      method: 'GET',
      url: '/api/v1/subscriptions/my',
      headers: h('mailbox@example.com'),
    });
    expect(me.json().data.status).toBe('none');
    const failed = await suite.t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, ids['mailbox@example.com']!));
    expect(failed.map((r) => [r.status, r.failureCode])).toEqual([['failed', 'card_declined']]);
  });

  it('buys a plan with a good card: active subscription, paid invoice, one charge; a retry with the same key is not charged again', async () => {
    await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/paymentMethods',
      headers: h('mailbox@example.com'),
      payload: { card: CARD_OK },
    });
    const before = sandbox().charges.length;
    const first = await buy('mailbox@example.com', monthly.id, ids['mailbox@example.com']!, 'purchase-key-0001');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.message).toBe('Subscription successful!');
    expect(body.data.subscription).toMatchObject({
      status: 'active',
      isExpired: false,
      scansRemaining: monthly.scanCount,
    });
    expect(body.data.invoice).toMatchObject({ status: 'paid', category: 'subscription', totalCents: monthly.price });

    const retry = await buy('mailbox@example.com', monthly.id, ids['mailbox@example.com']!, 'purchase-key-0001');
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.invoice.id).toBe(body.data.invoice.id);
    expect(sandbox().charges.length - before).toBe(1);
    const charges = await suite.t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, ids['mailbox@example.com']!));
    expect(charges.filter((c) => c.status === 'succeeded')).toHaveLength(1);
  });

  it('a double click without a key is charged once too, and a second plan while active answers 409', async () => {
    const before = sandbox().charges.length;
    const other = await buy('mailbox@example.com', monthly.id, ids['mailbox@example.com']!);
    // Same user, plan and minute as nothing else: the first purchase is the keyed one above, so this is new → refused.
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'CONFLICT', message: 'You already have an active subscription.' });
    expect(sandbox().charges.length).toBe(before);
  });

  it('concurrent identical purchases (double click) charge once', async () => {
    const [a, b] = await Promise.all([
      buy('mailbox@example.com', topup.id, ids['mailbox@example.com']!),
      buy('mailbox@example.com', topup.id, ids['mailbox@example.com']!),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.invoice.id).toBe(b.json().data.invoice.id);
    const me = await suite.t.app.inject({
      method: 'GET',
      url: '/api/v1/subscriptions/my',
      headers: h('mailbox@example.com'),
    });
    expect(me.json().data.topupScans).toBe(topup.scanCount);
  });

  it('a keyless retry in the next minute is answered from the record, not charged again', async () => {
    const scans = async () =>
      (
        await suite.t.app.inject({ method: 'GET', url: '/api/v1/subscriptions/my', headers: h('mailbox@example.com') })
      ).json().data.topupScans;
    const first = await buy('mailbox@example.com', topup.id, ids['mailbox@example.com']!);
    expect(first.statusCode).toBe(200);
    const before = sandbox().charges.length;
    const scansBefore = await scans();

    suite.t.clock.advance(61_000);
    const retry = await buy('mailbox@example.com', topup.id, ids['mailbox@example.com']!);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.invoice.id).toBe(first.json().data.invoice.id);
    expect(sandbox().charges.length).toBe(before);
    expect(await scans()).toBe(scansBefore);

    // A purchase with its own key is a new one; so is a keyless one after the retry window.
    const keyed = await buy('mailbox@example.com', topup.id, ids['mailbox@example.com']!, 'second-pack-0001');
    expect(keyed.json().data.invoice.id).not.toBe(first.json().data.invoice.id);
    suite.t.clock.advance(10 * 60_000);
    const later = await buy('mailbox@example.com', topup.id, ids['mailbox@example.com']!);
    expect(later.json().data.invoice.id).not.toBe(first.json().data.invoice.id);
    expect(sandbox().charges.length).toBe(before + 2);
  });

  it('an admin buys for a customer they manage, never for someone else (403)', async () => {
    const forOther = await buy('subadmin@example.com', monthly.id, ids['shipper@example.com']!);
    expect(forOther.statusCode).toBe(403);
    const noCard = await buy('superadmin@example.com', monthly.id, ids['shipper@example.com']!);
    expect(noCard.json().code).toBe('NO_CUSTOMER_ID');
    const selfAsUser = await buy('user@example.com', monthly.id, ids['shipper@example.com']!);
    expect(selfAsUser.statusCode).toBe(403);
  });

  it('resume: a past-due subscription whose card is declined stays past due (402); with a new card it is active again', async () => {
    const before = await suite.t.app.inject({
      method: 'GET',
      url: '/api/v1/subscriptions/my',
      headers: h('pastdue@example.com'),
    });
    expect(before.json().data).toMatchObject({ status: 'expired', isExpired: true });
    expect(before.json().data.enteredPastDueAt).not.toBeNull();
    const count = () =>
      suite.t.app.inject({ method: 'GET', url: '/api/v1/invoices/pending/count', headers: h('pastdue@example.com') });
    expect((await count()).json().data.count).toBe(1);

    const declined = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/resume',
      headers: h('pastdue@example.com'),
      payload: {},
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe('Your card was declined.');
    expect((await count()).json().data.count).toBe(1);

    await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/paymentMethods',
      headers: h('pastdue@example.com'),
      payload: { card: CARD_OK },
    });
    const resumed = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/resume',
      headers: h('pastdue@example.com'),
      payload: {},
    });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().data).toMatchObject({ status: 'active', isExpired: false, enteredPastDueAt: null });
    expect((await count()).json().data.count).toBe(0);
    const again = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/resume',
      headers: h('pastdue@example.com'),
      payload: {},
    });
    expect(again.json().data.status).toBe('active');
  });

  it('resume without a subscription answers 409', async () => {
    const res = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/resume',
      headers: h('shipper@example.com'),
      payload: {},
    });
    expect(res.statusCode).toBe(409);
  });
});

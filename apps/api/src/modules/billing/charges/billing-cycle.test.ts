import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { billingJobs } from '../schema/billing-jobs';
import { invoices } from '../schema/invoices';
import { subscriptions } from '../schema/subscriptions';
import { users } from '../../identity/schema/users';
import { suiteApp } from '../../../test/suite-app';
import { billingContext } from '../context';
import { runBillingCycle } from './cycle';

const DAY = 24 * 60 * 60 * 1000;
const card = (number: string) => ({ card: { number, expMonth: 12, expYear: 2034, cvc: '123' } });

describe('billing cycle with a moved clock', () => {
  const suite = suiteApp();
  let token: string;
  let userId: string;

  beforeAll(async () => {
    token = await suite.t.login('mailbox@example.com');
    const [u] = await suite.t.database.db.select().from(users).where(eq(users.email, 'mailbox@example.com'));
    userId = u!.id;
  });

  const headers = () => ({ 'x-access-token': token });
  const run = () => runBillingCycle(billingContext(suite.t.app));
  const my = async () =>
    (await suite.t.app.inject({ method: 'GET', url: '/api/v1/subscriptions/my', headers: headers() })).json().data;
  const openInvoices = () =>
    suite.t.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, userId), eq(invoices.status, 'open')))
      .orderBy(invoices.createdAt);
  async function addCard(number: string) {
    const res = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/paymentMethods',
      headers: headers(),
      payload: card(number),
    });
    expect(res.statusCode).toBe(200);
  }
  /** Moves the test clock to `at` (plus a minute) and runs the cycle; signs in again (sessions expire meanwhile). */
  async function runAt(at: Date | string) {
    const target = new Date(at).getTime() + 60_000;
    suite.t.clock.advance(target - suite.t.clock.now().getTime());
    const report = await run();
    token = await suite.t.login('mailbox@example.com');
    return report;
  }

  it('nothing is due before the period ends', async () => {
    await addCard('4242424242424242');
    const plans = await suite.t.app.inject({ method: 'GET', url: '/api/v1/plans?validity=month', headers: headers() });
    const plan = plans.json().items[0];
    const bought = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions',
      headers: headers(),
      payload: { plan: plan.id, user: userId },
    });
    expect(bought.statusCode).toBe(200);
    suite.t.clock.advance(DAY);
    const report = await run();
    token = await suite.t.login('mailbox@example.com');
    expect(report.jobs.filter((j) => j.subscriptionId === bought.json().data.subscription.id)).toEqual([]);
  });

  it('renewal at the period end charges the default card and starts the next period', async () => {
    const before = await my();
    const report = await runAt(before.currentPeriodEnd);
    expect(report.jobs.map((j) => [j.kind, j.outcome, j.detail])).toContainEqual(['renewal', 'done', 'renewed']);
    const after = await my();
    expect(after).toMatchObject({ status: 'active', isExpired: false, currentPeriodStart: before.currentPeriodEnd });
    expect(await openInvoices()).toHaveLength(0);
  });

  it('a failed renewal makes the subscription past due, still active until reinstatement, with an open invoice and an e-mail', async () => {
    await addCard('4000000000000341'); // becomes the default; attaches, fails when charged
    const before = await my();
    const report = await runAt(before.currentPeriodEnd);
    expect(report.jobs.map((j) => [j.kind, j.detail])).toContainEqual(['renewal', 'past_due']);
    const after = await my();
    // Spec 9: 15 days before reinstatement applies; the customer keeps their mailbox and sees the invoice to pay.
    expect(after).toMatchObject({ status: 'active', isExpired: false });
    expect(new Date(after.enteredPastDueAt).getTime()).toBeGreaterThanOrEqual(
      new Date(before.currentPeriodEnd).getTime(),
    );
    const open = await openInvoices();
    expect(open.map((i) => i.category)).toEqual(['subscription']);
    const mail = (await suite.t.outbox()).find((m) => m.to === 'mailbox@example.com');
    expect(mail?.subject).toBe('Your subscription payment failed');
    expect(mail?.text).toContain('Your card was declined.');
    // The "Invoice due" event reaches the app (and push devices); its e-mail is the payment-failed one above.
    const bell = await suite.t.app.inject({
      method: 'GET',
      url: '/api/v1/notifications',
      headers: { 'x-access-token': await suite.t.login('mailbox@example.com') },
    });
    expect(bell.json().items[0]).toMatchObject({
      kind: 'invoice_due',
      title: 'Invoice due',
      link: '/invoices-billing?p_s=pending',
    });
    expect((await suite.t.outbox()).filter((m) => m.subject === 'Invoice due')).toEqual([]);
  });

  it('a late fee is invoiced for each week unpaid, from the plan penalty fee', async () => {
    const since = new Date((await my()).enteredPastDueAt).getTime();
    await runAt(new Date(since + 6 * DAY));
    expect((await openInvoices()).map((i) => i.category)).toEqual(['subscription']);
    await runAt(new Date(since + 7 * DAY));
    const open = await openInvoices();
    expect(open.map((i) => i.category)).toEqual(['subscription', 'late_fee']);
    expect(open[1]!.totalCents).toBe(1000);
    await runAt(new Date(since + 14 * DAY));
    expect((await openInvoices()).filter((i) => i.category === 'late_fee')).toHaveLength(2);
  });

  it('after 15 days unpaid the reinstatement fee is invoiced once (pending count by category)', async () => {
    const since = new Date((await my()).enteredPastDueAt).getTime();
    await runAt(new Date(since + 15 * DAY));
    await runAt(new Date(since + 16 * DAY));
    const reinstatement = (await openInvoices()).filter((i) => i.category === 'reinstatement');
    expect(reinstatement.map((i) => i.totalCents)).toEqual([2500]);
    // From the reinstatement on, the spec's expired gate applies.
    expect(await my()).toMatchObject({ status: 'expired', isExpired: true });
    const res = await suite.t.app.inject({
      method: 'GET',
      url: '/api/v1/invoices/pending/count?category=reinstatement',
      headers: headers(),
    });
    expect(res.json().data.count).toBe(1);
    const all = await suite.t.app.inject({ method: 'GET', url: '/api/v1/invoices/pending/count', headers: headers() });
    expect(all.json().data.count).toBe(4);
  });

  it('paying every open invoice reactivates the subscription and stops the past-due jobs', async () => {
    await addCard('4242424242424242');
    for (const invoice of await openInvoices()) {
      const res = await suite.t.app.inject({
        method: 'POST',
        url: `/api/v1/invoices/${invoice.id}/pay`,
        headers: headers(),
        payload: {},
      });
      expect(res.statusCode).toBe(200);
    }
    const after = await my();
    expect(after).toMatchObject({ status: 'active', isExpired: false, enteredPastDueAt: null });
    const [sub] = await suite.t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    const pending = await suite.t.database.db
      .select()
      .from(billingJobs)
      .where(and(eq(billingJobs.subscriptionId, sub!.id), eq(billingJobs.status, 'pending')));
    expect(pending.map((j) => j.kind)).toEqual(['renewal']);
    expect(pending[0]!.runAt.toISOString()).toBe(after.currentPeriodEnd);
  });

  it('two runners at once process each due job once (FOR UPDATE SKIP LOCKED)', async () => {
    const now = suite.t.clock.now();
    const [sub] = await suite.t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    // Due renewal for the active subscription: move its period end into the past.
    await suite.t.database.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(now.getTime() - DAY) })
      .where(eq(subscriptions.id, sub!.id));
    await suite.t.database.db
      .update(billingJobs)
      .set({ runAt: new Date(now.getTime() - DAY) })
      .where(and(eq(billingJobs.subscriptionId, sub!.id), eq(billingJobs.status, 'pending')));
    const [a, b] = await Promise.all([run(), run()]);
    const renewals = [...a.jobs, ...b.jobs].filter((j) => j.subscriptionId === sub!.id && j.kind === 'renewal');
    expect(renewals).toHaveLength(1);
    const paid = await suite.t.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.subscriptionId, sub!.id), eq(invoices.status, 'paid')));
    expect(new Set(paid.map((i) => i.number)).size).toBe(paid.length);
  });
});

describe('billing cycle catching up', () => {
  const suite = suiteApp();

  async function moveAndRun(at: Date) {
    suite.t.clock.advance(at.getTime() + 60_000 - suite.t.clock.now().getTime());
    return runBillingCycle(billingContext(suite.t.app));
  }

  it('catching up after a long pause: weekly late fees, reinstatement, then termination at 60 days (cancelled)', async () => {
    const mine = async () =>
      (
        await suite.t.app.inject({
          method: 'GET',
          url: '/api/v1/subscriptions/my',
          headers: { 'x-access-token': await suite.t.login('pastdue@example.com') },
        })
      ).json().data;
    const since = new Date((await mine()).enteredPastDueAt).getTime();
    const report = await moveAndRun(new Date(since + 60 * DAY));
    const [pastDueUser] = await suite.t.database.db.select().from(users).where(eq(users.email, 'pastdue@example.com'));
    const [sub] = await suite.t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, pastDueUser!.id));
    const kinds = report.jobs.filter((j) => j.subscriptionId === sub!.id).map((j) => j.kind);
    expect(kinds.filter((k) => k === 'late_fee')).toHaveLength(8);
    expect(kinds.filter((k) => k === 'reinstatement')).toHaveLength(1);
    expect(kinds.at(-1)).toBe('cancel');
    expect(await mine()).toMatchObject({ status: 'cancelled', isExpired: true });
    // Terminated: no more late fees.
    const later = await moveAndRun(new Date(since + 80 * DAY));
    expect(later.jobs.filter((j) => j.subscriptionId === sub!.id && j.kind === 'late_fee')).toEqual([]);
  });
});

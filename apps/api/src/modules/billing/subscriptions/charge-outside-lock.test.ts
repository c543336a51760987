import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../schema/invoices';
import { transactions } from '../schema/transactions';
import type { ChargeRequest, ChargeResult } from '../../../integrations/payments/payment-provider';
import type { SandboxPaymentProvider } from '../../../integrations/payments/sandbox-provider';
import { suiteApp } from '../../../test/suite-app';
import { billingContext } from '../context';
import { INTENT_STALE_MS, recoverIntents } from '../ledger/charge';
import { paymentIntents } from '../schema/payment-intents';

const CARD_OK = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' };

/** Reserve → charge → record, so a slow provider holds no lock; interrupted charges are recovered. */
describe('charges outside database locks', () => {
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let topupPlanId: string;

  const suite = suiteApp();
  beforeAll(async () => {
    for (const email of ['mailbox@example.com', 'shipper@example.com']) {
      tokens[email] = await suite.t.login(email);
      const me = await suite.t.app.inject({ method: 'GET', url: '/api/v1/auths/me', headers: h(email) });
      ids[email] = me.json().data.id ?? me.json().data.user.id;
      const card = await suite.t.app.inject({
        method: 'POST',
        url: '/api/v1/paymentMethods',
        headers: h(email),
        payload: { card: CARD_OK },
      });
      expect(card.statusCode).toBe(200);
    }
    const packs = await suite.t.app.inject({
      method: 'GET',
      url: '/api/v1/plans?validity=topup',
      headers: h('mailbox@example.com'),
    });
    topupPlanId = packs.json().items[0].id;
  });

  function h(email: string) {
    return { 'x-access-token': tokens[email]! };
  }
  const sandbox = () => suite.t.app.payments as SandboxPaymentProvider;
  const buy = (email: string, key: string) =>
    suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions',
      headers: { ...h(email), 'idempotency-key': key },
      payload: { plan: topupPlanId, user: ids[email] },
    });

  it("a slow provider does not block another user's purchase: the first waits at the provider, the second completes", async () => {
    const provider = sandbox();
    const realCharge = provider.charge.bind(provider);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let slowStarted!: () => void;
    const started = new Promise<void>((resolve) => {
      slowStarted = resolve;
    });
    provider.charge = async (request: ChargeRequest): Promise<ChargeResult> => {
      if (request.metadata?.userId === ids['mailbox@example.com']) {
        slowStarted();
        await gate; // the provider takes its time for this user
      }
      return realCharge(request);
    };
    try {
      const slow = buy('mailbox@example.com', 'slow-purchase-1');
      await started;
      // While the first charge is at the provider its reservation is committed as pending, and nothing is locked:
      const [pending] = await suite.t.database.db
        .select()
        .from(transactions)
        .where(eq(transactions.requestKey, `purchase:${ids['mailbox@example.com']}:key:slow-purchase-1`));
      expect(pending?.status).toBe('pending');
      // ...and no transaction of this database is open (on PostgreSQL: no other backend holds locks; PGlite has one).
      const open = await suite.t.database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null`,
      );
      expect((open as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0).toBe(0);

      const other = await buy('shipper@example.com', 'fast-purchase-1');
      expect(other.statusCode).toBe(200);
      expect(other.json().data.invoice).toMatchObject({ status: 'paid', category: 'topup' });

      release();
      const first = await slow;
      expect(first.statusCode).toBe(200);
      expect(first.json().data.invoice).toMatchObject({ status: 'paid', category: 'topup' });
      const [recorded] = await suite.t.database.db.select().from(transactions).where(eq(transactions.id, pending!.id));
      expect(recorded).toMatchObject({ status: 'succeeded', invoiceId: first.json().data.invoice.id });
    } finally {
      provider.charge = realCharge;
      release();
    }
  });

  /** The process "dies" at a provider call: `after` the provider charged, or `before` it received anything. */
  function crashAt(when: 'before' | 'after') {
    const provider = sandbox();
    const realCharge = provider.charge.bind(provider);
    provider.charge = async (request: ChargeRequest): Promise<ChargeResult> => {
      provider.charge = realCharge;
      if (when === 'after') await realCharge(request);
      throw new Error('process killed');
    };
  }

  it('an interrupted charge (the process stopped after the provider charged) is recovered once, from the provider record', async () => {
    const ctx = billingContext(suite.t.app);
    const userId = ids['shipper@example.com']!;
    crashAt('after');
    const crashed = await buy('shipper@example.com', 'interrupted-1');
    expect(crashed.statusCode).toBe(503);
    const [intent] = await suite.t.database.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.requestKey, `purchase:${userId}:key:interrupted-1`));
    expect(intent).toMatchObject({ status: 'pending' });
    const chargesAfterCrash = sandbox().charges.length;

    // Not stale yet: recovery leaves a purchase that may still be in flight alone.
    expect(await recoverIntents(ctx)).toBe(0);

    suite.t.clock.advance(INTENT_STALE_MS + 1000);
    expect(await recoverIntents(ctx)).toBe(1);
    expect(await recoverIntents(ctx)).toBe(0);

    const [txn] = await suite.t.database.db.select().from(transactions).where(eq(transactions.intentId, intent!.id));
    expect(txn).toMatchObject({ status: 'succeeded', providerChargeId: expect.stringMatching(/^pi_sandbox_/) });
    const bought = await suite.t.database.db.select().from(invoices).where(eq(invoices.id, txn!.invoiceId!));
    expect(bought).toMatchObject([{ status: 'paid', category: 'topup', userId }]);
    // Recovery asked the provider; it never charged again.
    expect(sandbox().charges.length).toBe(chargesAfterCrash);

    // The buyer's retry of the same purchase answers the recovered one.
    const retry = await buy('shipper@example.com', 'interrupted-1');
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.invoice.id).toBe(txn!.invoiceId);
    expect(sandbox().charges.length).toBe(chargesAfterCrash);
  });

  it('a charge the provider never received is recorded as failed (nothing charged) and the retry pays once', async () => {
    const userId = ids['mailbox@example.com']!;
    crashAt('before');
    expect((await buy('mailbox@example.com', 'lost-key-1')).statusCode).toBe(503);
    suite.t.clock.advance(INTENT_STALE_MS + 1000);
    const before = sandbox().charges.length;
    // The retry finds its stale intent, settles it from the provider's record (never received), then pays.
    const res = await buy('mailbox@example.com', 'lost-key-1');
    expect(res.statusCode).toBe(200);
    const [intent] = await suite.t.database.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.requestKey, `purchase:${userId}:key:lost-key-1`));
    const rows = await suite.t.database.db.select().from(transactions).where(eq(transactions.intentId, intent!.id));
    expect(rows.map((r) => [r.status, r.failureCode]).sort()).toEqual([
      ['failed', 'interrupted'],
      ['succeeded', null],
    ]);
    expect(sandbox().charges.length - before).toBe(1);
  });
});

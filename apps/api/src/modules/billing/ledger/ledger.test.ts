import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChargeRequest, ChargeResult } from '../../../integrations/payments/payment-provider';
import type { SandboxPaymentProvider } from '../../../integrations/payments/sandbox-provider';
import { suiteApp } from '../../../test/suite-app';
import { addCard, apiCaller, DEMO_BOX, DEMO_RECEIVER, DEMO_SENDER } from '../../../test/shipping-kit';
import { users } from '../../identity/schema/users';
import { shipments } from '../../shipping/schema/shipments';
import { shippingAccounts } from '../../shipping/schema/shipping';
import { billingContext } from '../context';
import { runBillingCycle } from '../charges/cycle';
import { invoices } from '../schema/invoices';
import { paymentIntents, sandboxProviderRecords } from '../schema/payment-intents';
import { subscriptions } from '../schema/subscriptions';
import { transactions } from '../schema/transactions';
import { IDEMPOTENCY_MISMATCH_MESSAGE, INTENT_STALE_MS, recoverIntents } from './charge';

/**
 * The ledger's promises (docs/decisions/004): a purchase is committed before any provider call, its outcome recorded
 * in one transaction, and whatever a crash leaves behind is finished or undone by recovery from the provider's
 * record. A "crash" here is the provider call throwing, before or after the provider acted: the process never
 * records the answer, exactly as if it had been killed there.
 */
describe('the ledger: one charge path, no provider call inside a transaction, recovery after a crash', () => {
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const call = () => apiCaller(suite.t);

  const suite = suiteApp();
  beforeAll(async () => {
    for (const email of ['shipper@example.com', 'mailbox@example.com', 'user@example.com']) {
      tokens[email] = await suite.t.login(email);
      const [u] = await suite.t.database.db.select().from(users).where(eq(users.email, email));
      ids[email] = u!.id;
      await addCard(suite.t, tokens[email]!);
    }
  });

  const sandbox = () => suite.t.app.payments as SandboxPaymentProvider;
  const chargesOf = (userId: string) => sandbox().charges.filter((c) => c.metadata?.userId === userId);
  const recover = () => recoverIntents(billingContext(suite.t.app));
  const afterAMinute = () => suite.t.clock.advance(INTENT_STALE_MS + 1000);

  /**
   * The next card call of `userId` (any user's when not given) "crashes" the process: `after` the provider charged,
   * or `before` it received anything. Other users' charges in between go through.
   */
  function crashAtCharge(when: 'before' | 'after', userId?: string) {
    const provider = sandbox();
    const real = provider.charge.bind(provider);
    provider.charge = async (request: ChargeRequest): Promise<ChargeResult> => {
      if (userId && request.metadata?.userId !== userId) return real(request);
      provider.charge = real;
      if (when === 'after') await real(request);
      throw new Error('killed');
    };
  }

  /** The next label purchase "crashes" right after the carrier sold it. */
  function crashAfterLabel() {
    const carrier = suite.t.app.carriers.sandbox;
    const real = carrier.buyLabel.bind(carrier);
    carrier.buyLabel = async (...args: Parameters<typeof real>) => {
      carrier.buyLabel = real;
      await real(...args);
      throw new Error('killed');
    };
  }

  async function quoteRate(token: string) {
    const res = await call()('POST', '/shipments/quotes', token, {
      sender: DEMO_SENDER,
      receiver: DEMO_RECEIVER,
      packages: [DEMO_BOX],
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.rates as { id: string; priceCents: number }[];
  }
  const buyLabel = (token: string, rateId: string, key: string, payment: 'card' | 'later' = 'card') =>
    call()('POST', '/shipments', token, { rateId, payment }, { 'idempotency-key': key });
  const labelsSold = async () =>
    suite.t.database.db.select().from(sandboxProviderRecords).where(eq(sandboxProviderRecords.kind, 'label'));
  const labelsVoided = async () =>
    suite.t.database.db.select().from(sandboxProviderRecords).where(eq(sandboxProviderRecords.kind, 'void'));

  it('a renewal charged just before a crash is recorded once by recovery: one charge, one paid invoice, renewed', async () => {
    const email = 'mailbox@example.com';
    const userId = ids[email]!;
    const plans = await call()('GET', '/plans?validity=month', tokens[email]);
    const bought = await call()('POST', '/subscriptions', tokens[email], {
      plan: plans.json().items[0].id,
      user: userId,
    });
    expect(bought.statusCode).toBe(200);
    const [sub] = await suite.t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    suite.t.clock.advance(sub!.currentPeriodEnd!.getTime() - suite.t.clock.now().getTime() + 60_000);
    const before = chargesOf(userId).length;

    crashAtCharge('after', userId);
    await runBillingCycle(billingContext(suite.t.app));
    // The provider charged, the process "died" before recording: the renewal's intent is left pending.
    const left = await suite.t.database.db
      .select()
      .from(paymentIntents)
      .where(and(eq(paymentIntents.userId, userId), eq(paymentIntents.status, 'pending')));
    expect(left.map((i) => i.purpose)).toEqual(['invoice']);
    // The renewal's invoice and intent were committed with the job: nothing to roll back, nothing charged twice.
    afterAMinute();
    await recover();
    await runBillingCycle(billingContext(suite.t.app));
    afterAMinute();
    await recover();

    expect(chargesOf(userId).length - before).toBe(1);
    const renewals = await suite.t.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, userId), eq(invoices.subscriptionId, sub!.id)));
    const renewal = renewals.filter((i) => i.periodStart?.getTime() === sub!.currentPeriodEnd!.getTime());
    expect(renewal).toHaveLength(1);
    expect(renewal[0]).toMatchObject({ status: 'paid', payingIntentId: null });
    const paid = await suite.t.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.invoiceId, renewal[0]!.id), eq(transactions.status, 'succeeded')));
    expect(paid.map((p) => p.amountCents)).toEqual([renewal[0]!.totalCents]);
    const [after] = await suite.t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(after!.currentPeriodStart!.getTime()).toBe(sub!.currentPeriodEnd!.getTime());
    await token('mailbox@example.com');
  });

  async function token(email: string) {
    tokens[email] = await suite.t.login(email);
  }

  it('a label sold and charged just before a crash gets its shipment from recovery; the retry answers it', async () => {
    const email = 'shipper@example.com';
    await token(email);
    const userId = ids[email]!;
    const [rate] = await quoteRate(tokens[email]!);
    const before = chargesOf(userId).length;
    crashAtCharge('after');
    expect((await buyLabel(tokens[email]!, rate!.id, 'crash-label-0001')).statusCode).toBe(503);
    const [intent] = await suite.t.database.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.requestKey, `shipment:${userId}:crash-label-0001`));
    expect(intent).toMatchObject({ status: 'pending', purpose: 'label' });
    expect(intent!.acquired).toMatchObject({ trackingNumber: expect.any(String) });

    afterAMinute();
    await token(email);
    expect(await recover()).toBe(1);
    const [made] = await suite.t.database.db
      .select()
      .from(shipments)
      .where(eq(shipments.idempotencyKey, 'crash-label-0001'));
    expect(made).toMatchObject({
      carrierTrackingNumber: (intent!.acquired as { trackingNumber: string }).trackingNumber,
    });
    const retry = await buyLabel(tokens[email]!, rate!.id, 'crash-label-0001');
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.id).toBe(made!.id);
    expect(chargesOf(userId).length - before).toBe(1);
  });

  it('a label sold before a crash that charged nothing is voided by recovery, and the credit it reserved comes back', async () => {
    const email = 'shipper@example.com';
    await token(email);
    const userId = ids[email]!;
    await suite.t.database.db
      .insert(shippingAccounts)
      .values({ userId, creditBalanceCents: 100 })
      .onConflictDoUpdate({ target: shippingAccounts.userId, set: { creditBalanceCents: 100 } });
    const [rate] = await quoteRate(tokens[email]!);
    const sold = (await labelsSold()).length;
    const voided = (await labelsVoided()).length;
    crashAfterLabel();
    expect((await buyLabel(tokens[email]!, rate!.id, 'crash-label-0002')).statusCode).toBe(503);
    // While in flight the credit is reserved for this purchase.
    const [reserved] = await suite.t.database.db
      .select()
      .from(shippingAccounts)
      .where(eq(shippingAccounts.userId, userId));
    expect(reserved!.creditBalanceCents).toBe(0);

    afterAMinute();
    await recover();
    expect((await labelsSold()).length - sold).toBe(1);
    expect((await labelsVoided()).length - voided).toBe(1);
    expect(await suite.t.database.db.$count(shipments, eq(shipments.idempotencyKey, 'crash-label-0002'))).toBe(0);
    const [intent] = await suite.t.database.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.requestKey, `shipment:${userId}:crash-label-0002`));
    expect(intent).toMatchObject({ status: 'failed', failureCode: 'interrupted' });
    expect(intent!.releasedAt).not.toBeNull();
    const [account] = await suite.t.database.db
      .select()
      .from(shippingAccounts)
      .where(eq(shippingAccounts.userId, userId));
    expect(account!.creditBalanceCents).toBe(100);
  });

  it('a retried label purchase after an interrupted card call resends identical parameters and charges once', async () => {
    const email = 'user@example.com';
    await token(email);
    const userId = ids[email]!;
    const [rate] = await quoteRate(tokens[email]!);
    const before = chargesOf(userId).length;
    crashAtCharge('before');
    expect((await buyLabel(tokens[email]!, rate!.id, 'retry-label-0001')).statusCode).toBe(503);
    afterAMinute();
    await token(email);
    // The retry settles the interrupted attempt from the provider's record (never received) and pays a new one;
    // the sandbox refuses a reused key with other parameters, as Stripe does, so a 500 here would show it.
    const retry = await buyLabel(tokens[email]!, rate!.id, 'retry-label-0001');
    expect(retry.statusCode).toBe(201);
    expect(chargesOf(userId).length - before).toBe(1);
    const again = await buyLabel(tokens[email]!, rate!.id, 'retry-label-0001');
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(retry.json().data.id);
    expect(chargesOf(userId).length - before).toBe(1);
  });

  it('an interrupted purchase blocks only its own retry: the customer buys other things at once', async () => {
    const email = 'user@example.com';
    await token(email);
    const plans = await call()('GET', '/plans?validity=topup', tokens[email]);
    const topup = plans.json().items[0].id as string;
    crashAtCharge('before');
    const crashed = await call()(
      'POST',
      '/subscriptions',
      tokens[email],
      { plan: topup, user: ids[email] },
      { 'idempotency-key': 'blocked-topup-0001' },
    );
    expect(crashed.statusCode).toBe(503);
    const started = Date.now();
    const other = await call()(
      'POST',
      '/subscriptions',
      tokens[email],
      { plan: topup, user: ids[email] },
      { 'idempotency-key': 'other-topup-0001' },
    );
    expect(other.statusCode).toBe(200);
    const [rate] = await quoteRate(tokens[email]!);
    expect((await buyLabel(tokens[email]!, rate!.id, 'other-label-0001')).statusCode).toBe(201);
    expect(Date.now() - started).toBeLessThan(5_000);
    afterAMinute();
    await recover();
  });

  it('an Idempotency-Key reused with another body answers 422 and charges nothing', async () => {
    const email = 'shipper@example.com';
    await token(email);
    const userId = ids[email]!;
    const rates = await quoteRate(tokens[email]!);
    const first = await buyLabel(tokens[email]!, rates[0]!.id, 'reused-key-0001');
    expect(first.statusCode).toBe(201);
    const before = chargesOf(userId).length;
    const otherRate = await buyLabel(tokens[email]!, rates[1]!.id, 'reused-key-0001');
    expect(otherRate.statusCode).toBe(422);
    expect(otherRate.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: IDEMPOTENCY_MISMATCH_MESSAGE });
    const payLater = await buyLabel(tokens[email]!, rates[0]!.id, 'reused-key-0001', 'later');
    expect(payLater.statusCode).toBe(422);
    const plans = await call()('GET', '/plans?validity=topup', tokens[email]);
    const [a, b] = plans.json().items as { id: string }[];
    const headers = { 'idempotency-key': 'reused-key-0002' };
    expect(
      (await call()('POST', '/subscriptions', tokens[email], { plan: a!.id, user: userId }, headers)).statusCode,
    ).toBe(200);
    if (b) {
      const other = await call()('POST', '/subscriptions', tokens[email], { plan: b.id, user: userId }, headers);
      expect(other.statusCode).toBe(422);
    }
    expect(chargesOf(userId).length - before).toBe(1);
  });

  it('an invoice being paid is frozen: a pay-later label bought during the card call goes onto the next invoice', async () => {
    const email = 'shipper@example.com';
    await token(email);
    const userId = ids[email]!;
    await suite.t.database.db
      .insert(shippingAccounts)
      .values({ userId, creditLimitCents: 10_000_000, creditBalanceCents: 0 })
      .onConflictDoUpdate({
        target: shippingAccounts.userId,
        set: { creditLimitCents: 10_000_000, creditBalanceCents: 0 },
      });
    const rates = await quoteRate(tokens[email]!);
    expect((await buyLabel(tokens[email]!, rates[0]!.id, 'later-label-0001', 'later')).statusCode).toBe(201);
    const [first] = await suite.t.database.db
      .select()
      .from(shipments)
      .where(eq(shipments.idempotencyKey, 'later-label-0001'));
    const [open] = await suite.t.database.db.select().from(invoices).where(eq(invoices.id, first!.invoiceId!));
    expect(open).toMatchObject({ status: 'open', category: 'shipment' });

    // The card call waits until a second pay-later label has been bought.
    const provider = sandbox();
    const real = provider.charge.bind(provider);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let atProvider!: () => void;
    const reached = new Promise<void>((resolve) => (atProvider = resolve));
    provider.charge = async (request) => {
      atProvider();
      await gate;
      return real(request);
    };
    try {
      const paying = call()('POST', `/invoices/${open!.id}/pay`, tokens[email]);
      await reached;
      const during = await buyLabel(tokens[email]!, rates[1]!.id, 'later-label-0002', 'later');
      expect(during.statusCode).toBe(201);
      release();
      expect((await paying).statusCode).toBe(200);
    } finally {
      provider.charge = real;
      release();
    }
    const [paid] = await suite.t.database.db.select().from(invoices).where(eq(invoices.id, open!.id));
    const charged = await suite.t.database.db
      .select({ sum: sql<string>`sum(${transactions.amountCents})` })
      .from(transactions)
      .where(
        and(
          eq(transactions.invoiceId, open!.id),
          eq(transactions.kind, 'charge'),
          eq(transactions.status, 'succeeded'),
        ),
      );
    expect(paid).toMatchObject({ status: 'paid' });
    expect(Number(charged[0]!.sum)).toBe(paid!.totalCents);
    const [second] = await suite.t.database.db
      .select()
      .from(shipments)
      .where(eq(shipments.idempotencyKey, 'later-label-0002'));
    expect(second!.invoiceId).not.toBe(open!.id);
    const [next] = await suite.t.database.db.select().from(invoices).where(eq(invoices.id, second!.invoiceId!));
    expect(next).toMatchObject({ status: 'open', totalCents: rates[1]!.priceCents });
    expect(next!.lines).toHaveLength(1);
  });
});

import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailboxes } from '../../mailbox/schema/mailboxes';
import { paymentMethods } from '../schema/payment-methods';
import { profiles } from '../../identity/schema/profiles';
import { subscriptions } from '../schema/subscriptions';
import { transactions } from '../schema/transactions';
import { suiteApp } from '../../../test/suite-app';
import { addCard, apiCaller } from '../../../test/shipping-kit';
import { adminKit } from '../../accounts/managed-accounts/admin-test-kit';
import { chargeChosenPlanOnApproval } from './purchase-plan';
import { billingContext } from '../context';

/** Decision 003: a plan chosen before the mailbox application is approved is charged at approval, never before. */

let call: ReturnType<typeof apiCaller>;
const SUB = 'subadmin@example.com';
const EMMA = 'emma.rodriguez@example.com'; // the demo's pending application
const AVA = 'ava.nguyen@example.com';
const USER = 'user@example.com';

const suite = suiteApp(adminKit);
beforeAll(async () => {
  call = apiCaller(suite.t);
});

async function monthlyPlanFor(token: string): Promise<{ id: string; name: string; price: number }> {
  const plans = (await call('GET', '/plans?validity=month', token)).json().items as {
    id: string;
    name: string;
    price: number;
  }[];
  const plan = plans[0];
  if (!plan) throw new Error('no monthly plan to buy');
  return plan;
}

const chargesOf = async (userId: string) =>
  suite.t.database.db.select().from(transactions).where(eq(transactions.userId, userId));

const subscriptionOf = async (userId: string) =>
  (await suite.t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];

describe('a plan chosen before approval', () => {
  it('is recorded without a charge; approval charges it once, starts the period and e-mails a receipt with the PDF', async () => {
    const token = await suite.t.login(EMMA);
    const emma = await suite.kit.idOf(EMMA);
    const plan = await monthlyPlanFor(token);

    // Without a card the same 409 as a purchase, so the client opens the card dialog (the demo seeds one: gone).
    await suite.t.database.db.delete(paymentMethods).where(eq(paymentMethods.userId, emma));
    const noCard = await call('POST', '/subscriptions', token, { plan: plan.id, user: emma });
    expect(noCard.statusCode).toBe(409);
    await addCard(suite.t, token);

    const quote = (await call('GET', `/subscriptions/quote?plan=${plan.id}&user=${emma}`, token)).json().data;
    expect(quote).toMatchObject({ chargedTodayCents: 0, chargedWhen: 'approval' });

    const chosen = await call('POST', '/subscriptions', token, { plan: plan.id, user: emma });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().message).toBe('Plan saved. Nothing is charged until your application is approved.');
    expect(chosen.json().data).toMatchObject({
      awaitingApproval: true,
      invoice: null,
      subscription: { status: 'none', pendingPlan: { id: plan.id } },
    });
    expect(await chargesOf(emma)).toEqual([]);
    // The spec's gate still sends a `none` subscription to /buy-subscription: nothing to render yet.
    const mine = (await call('GET', '/subscriptions/my', token)).json().data;
    expect(mine).toMatchObject({ status: 'none', pendingPlan: { id: plan.id } });
    expect(mine.planChosenAt).not.toBeNull();

    const approved = await suite.kit.as(SUB, 'POST', `/api/v1/applications/${emma}/approve`, {});
    expect(approved.statusCode).toBe(200);

    const charges = await chargesOf(emma);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ status: 'succeeded', kind: 'charge', amountCents: plan.price });
    expect(charges[0]!.requestKey).toMatch(/^approval:/);
    const after = (await call('GET', '/subscriptions/my', token)).json().data;
    expect(after).toMatchObject({ status: 'active', plan: { id: plan.id }, pendingPlan: null, planChosenAt: null });

    const receipt = (await suite.t.outbox()).find((m) => m.to === EMMA && m.subject.startsWith('Your receipt for'));
    expect(receipt?.text).toContain('renews on');
    const pdf = receipt?.attachments?.[0];
    expect(pdf).toMatchObject({ contentType: 'application/pdf' });
    expect(pdf!.filename).toMatch(/^invoice-.+\.pdf$/);
    expect(Buffer.from(pdf!.contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    // Running the approval charge again (a retried job, a second worker) changes nothing and sends nothing.
    const mailsBefore = (await suite.t.outbox()).length;
    expect(await chargeChosenPlanOnApproval(billingContext(suite.t.app), emma)).toEqual({ kind: 'none' });
    expect(await chargesOf(emma)).toHaveLength(1);
    expect((await suite.t.outbox()).length).toBe(mailsBefore);
  });

  it('a card refused at approval keeps the choice, charges nothing and tells the customer how to pay', async () => {
    const ava = await suite.kit.idOf(AVA);
    // Ava's application goes back to review with no subscription yet, as a new applicant's would be.
    await suite.t.database.db.delete(mailboxes).where(eq(mailboxes.userId, ava));
    await suite.t.database.db.update(profiles).set({ mailboxStatus: 'pending' }).where(eq(profiles.userId, ava));
    await suite.t.database.db.delete(subscriptions).where(eq(subscriptions.userId, ava));
    const token = await suite.t.login(AVA);
    await addCard(suite.t, token, '4000000000000341');
    const plan = await monthlyPlanFor(token);
    const before = (await chargesOf(ava)).length;
    const chosen = await call('POST', '/subscriptions', token, { plan: plan.id, user: ava });
    expect(chosen.json().data.awaitingApproval).toBe(true);

    expect((await suite.kit.as(SUB, 'POST', `/api/v1/applications/${ava}/approve`, {})).statusCode).toBe(200);
    const charges = (await chargesOf(ava)).slice(before);
    expect(charges.every((c) => c.status !== 'succeeded')).toBe(true);
    expect(await subscriptionOf(ava)).toMatchObject({ status: 'none', pendingPlanId: plan.id });
    const mail = (await suite.t.outbox()).find(
      (m) => m.to === AVA && m.subject.includes('first payment did not go through'),
    );
    expect(mail?.text).toContain('/buy-subscription');
  });

  it('once approved, a purchase is charged at once and gets one receipt however often it is retried', async () => {
    // user@example.com: an approved mailbox with a card, buying a scan package of the platform.
    const token = await suite.t.login(USER);
    const user = await suite.kit.idOf(USER);
    const plans = (await call('GET', '/plans?validity=topup', token)).json().items as { id: string }[];
    const pack = plans[0];
    if (!pack) throw new Error('no scan package to buy');
    const quote = (await call('GET', `/subscriptions/quote?plan=${pack.id}&user=${user}`, token)).json().data;
    expect(quote.chargedWhen).toBe('now');
    const buy = () =>
      call('POST', '/subscriptions', token, { plan: pack.id, user }, { 'idempotency-key': 'receipt-once-1' });
    const first = (await buy()).json().data;
    const second = (await buy()).json().data;
    expect(first.awaitingApproval).toBe(false);
    expect(second.invoice.id).toBe(first.invoice.id);
    const receipts = (await suite.t.outbox()).filter((m) => m.to === USER && m.subject.includes(first.invoice.number));
    expect(receipts).toHaveLength(1);
  });
});

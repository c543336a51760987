import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentMethods } from '../schema/payment-methods';
import { suiteApp } from '../../../test/suite-app';

const card = (number: string, extra: Record<string, unknown> = {}) => ({
  card: { number, expMonth: 12, expYear: 2034, cvc: '123', ...extra },
});

describe('payment methods (sandbox provider)', () => {
  const tokens: Record<string, string> = {};
  const suite = suiteApp();
  beforeAll(async () => {
    for (const email of ['mailbox@example.com', 'user@example.com', 'superadmin@example.com', 'subadmin@example.com']) {
      tokens[email] = await suite.t.login(email);
    }
  });

  const as = (email: string) => ({ 'x-access-token': tokens[email]! });
  const add = (email: string, body: unknown) =>
    suite.t.app.inject({ method: 'POST', url: '/api/v1/paymentMethods', headers: as(email), payload: body as object });
  const list = async (email: string) =>
    (await suite.t.app.inject({ method: 'GET', url: '/api/v1/paymentMethods', headers: as(email) })).json().items;

  it('config tells the client to show the sandbox card form', async () => {
    const res = await suite.t.app.inject({
      method: 'GET',
      url: '/api/v1/paymentMethods/config',
      headers: as('mailbox@example.com'),
    });
    expect(res.json().data).toEqual({ provider: 'sandbox', publishableKey: null });
    expect((await suite.t.app.inject({ method: 'GET', url: '/api/v1/paymentMethods/config' })).statusCode).toBe(401);
  });

  it('saves 4242 4242 4242 4242 keeping only brand, last4 and expiry; it becomes the default', async () => {
    const res = await add('mailbox@example.com', card('4242 4242 4242 4242'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Card saved successfully',
      data: {
        type: 'card',
        isDefault: true,
        status: 'active',
        card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
      },
    });
    const [row] = await suite.t.database.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.id, res.json().data.id));
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
    expect(JSON.stringify(row)).not.toContain('"123"');
  });

  it.each([
    ['4000000000000002', 'card_declined', 'Your card was declined.'],
    ['4000000000009995', 'insufficient_funds', 'Your card has insufficient funds.'],
  ])('refuses %s like Stripe test mode (402 %s)', async (number, code, message) => {
    const res = await add('mailbox@example.com', card(number));
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      isSuccess: false,
      code: 'PAYMENT_FAILED',
      message,
      errors: { declineCode: code },
    });
  });

  it('validates the card form: Luhn, expiry in the past, CVC (422)', async () => {
    const luhn = await add('mailbox@example.com', card('4242424242424241'));
    expect(luhn.statusCode).toBe(422);
    expect(luhn.json()).toMatchObject({
      message: 'Your card number is invalid.',
      errors: { 'card.number': 'Your card number is invalid.' },
    });
    const expired = await add('mailbox@example.com', card('4242424242424242', { expYear: 2020 }));
    expect(expired.json().errors['card.expYear']).toBe("Your card's expiration year is in the past.");
    const cvc = await add('mailbox@example.com', card('4242424242424242', { cvc: '12' }));
    expect(cvc.json().errors['card.cvc']).toBe("Your card's security code is invalid.");
    const none = await add('mailbox@example.com', {});
    expect(none.statusCode).toBe(422);
  });

  it('a newly added card becomes the default; change-default (PUT or PATCH) and remove move it', async () => {
    const second = (await add('mailbox@example.com', card('5555555555554444'))).json().data;
    let cards = await list('mailbox@example.com');
    expect(cards.map((c: { card: { last4: string }; isDefault: boolean }) => [c.card.last4, c.isDefault])).toEqual([
      ['4444', true],
      ['4242', false],
    ]);
    const first = cards[1];
    const put = await suite.t.app.inject({
      method: 'PUT',
      url: `/api/v1/paymentMethods/change-default/${first.id}`,
      headers: as('mailbox@example.com'),
      payload: {},
    });
    expect(put.json().data.isDefault).toBe(true);
    const patch = await suite.t.app.inject({
      method: 'PATCH',
      url: `/api/v1/paymentMethods/change-default/${second.id}`,
      headers: as('mailbox@example.com'),
      payload: {},
    });
    expect(patch.json().data.isDefault).toBe(true);

    const removed = await suite.t.app.inject({
      method: 'DELETE',
      url: `/api/v1/paymentMethods/${second.id}`,
      headers: as('mailbox@example.com'),
    });
    expect(removed.statusCode).toBe(200);
    cards = await list('mailbox@example.com');
    expect(cards.map((c: { card: { last4: string }; isDefault: boolean }) => [c.card.last4, c.isDefault])).toEqual([
      ['4242', true],
    ]);
  });

  it('a user reads and changes only their own cards (someone else’s answers 404)', async () => {
    const theirs = (await list('user@example.com'))[0];
    expect(theirs.card.last4).toBe('4242');
    expect((await list('mailbox@example.com')).some((c: { id: string }) => c.id === theirs.id)).toBe(false);
    const put = await suite.t.app.inject({
      method: 'PUT',
      url: `/api/v1/paymentMethods/change-default/${theirs.id}`,
      headers: as('mailbox@example.com'),
      payload: {},
    });
    const del = await suite.t.app.inject({
      method: 'DELETE',
      url: `/api/v1/paymentMethods/${theirs.id}`,
      headers: as('mailbox@example.com'),
    });
    expect([put.statusCode, del.statusCode]).toEqual([404, 404]);
    expect((await list('user@example.com'))[0].id).toBe(theirs.id);
  });

  it('sub-admins have payment methods; the super admin does not (403); no session is 401', async () => {
    expect((await list('subadmin@example.com'))[0].card.last4).toBe('4444');
    const sa = await suite.t.app.inject({
      method: 'GET',
      url: '/api/v1/paymentMethods',
      headers: as('superadmin@example.com'),
    });
    expect(sa.statusCode).toBe(403);
    const anon = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/paymentMethods',
      payload: card('4242424242424242'),
    });
    expect(anon.statusCode).toBe(401);
    const badId = await suite.t.app.inject({
      method: 'DELETE',
      url: '/api/v1/paymentMethods/not-a-uuid',
      headers: as('mailbox@example.com'),
    });
    expect(badId.statusCode).toBe(422);
  });
});

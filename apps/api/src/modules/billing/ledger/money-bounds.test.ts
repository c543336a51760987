import { eq } from 'drizzle-orm';
import { NUMBER_MESSAGES } from '@postwise/shared/schemas/numbers';
import { describe, expect, it } from 'vitest';
import { suiteApp } from '../../../test/suite-app';
import { addCard, apiCaller, DEMO_BOX, DEMO_RECEIVER, DEMO_SENDER } from '../../../test/shipping-kit';
import { mailItemFees, mailItems } from '../../mailbox/schema/mail';
import { FORWARD_ADDRESS, mailKit, multipart, PNG } from '../../mailbox/mail/mail-test-kit';
import { INTAKE_KEY_REUSED } from '../../mailbox/mail/receive-mail';
import { NO_ADDITIONAL_FEE, NO_PENALTY_FEE } from '../plans/no-fees';
import type { SandboxPaymentProvider } from '../../../integrations/payments/sandbox-provider';

const OVERFLOW = 2 ** 31;
const FEES = { additionalFee: NO_ADDITIONAL_FEE, penaltyFee: NO_PENALTY_FEE };
const PLAN = { name: 'Bounded', price: 2999, validity: 'month', isPopular: false, scanCount: 10, ...FEES };

/** Money and counts have stated bounds (422 with a message, never a 500 after a charge); numbers are numbers. */
describe('money and count bounds', () => {
  const call = () => apiCaller(suite.t);

  const suite = suiteApp(mailKit);

  it('a plan price or scan count of 2^31 answers 422 with the bound, not 500', async () => {
    const token = await suite.kit.token('superadmin@example.com');
    for (const body of [
      { ...PLAN, price: OVERFLOW },
      { ...PLAN, scanCount: OVERFLOW },
      { ...PLAN, additionalFee: { ...FEES.additionalFee, mailStorage: OVERFLOW } },
    ]) {
      const res = await call()('POST', '/plans', token, body);
      expect(res.statusCode).toBe(422);
      expect([NUMBER_MESSAGES.amountTooLarge, NUMBER_MESSAGES.countTooLarge]).toContain(res.json().message);
    }
    expect((await call()('POST', '/plans', token, { ...PLAN, price: 10_000_000 })).statusCode).toBe(200);
  });

  it('a shipping request priced at 2^31 answers 422', async () => {
    const shipper = await suite.kit.token('shipper@example.com');
    const made = await call()('POST', '/shipping-requests', shipper, {
      sender: DEMO_SENDER,
      receiver: DEMO_RECEIVER,
      packages: [DEMO_BOX],
      description: 'A crate of tools',
    });
    expect(made.statusCode).toBe(201);
    const admin = await suite.kit.token('superadmin@example.com');
    const url = `/shipping-requests/${made.json().data.id}/quote`;
    const res = await call()('POST', url, admin, { carrier: 'UPS', service: 'Freight', priceCents: OVERFLOW });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(NUMBER_MESSAGES.amountTooLarge);
  });

  it('declared insurance and weights take numbers only, within bounds (no true, no [5], no 2^31)', async () => {
    const shipper = await suite.kit.token('shipper@example.com');
    const quote = (box: Record<string, unknown>) =>
      call()('POST', '/shipments/quotes', shipper, { sender: DEMO_SENDER, receiver: DEMO_RECEIVER, packages: [box] });
    for (const box of [
      { ...DEMO_BOX, insuranceDeclared: true },
      { ...DEMO_BOX, insuranceDeclared: [5] },
      { ...DEMO_BOX, insuranceDeclared: OVERFLOW },
      { ...DEMO_BOX, weight: [5] },
      { ...DEMO_BOX, weight: true },
      { ...DEMO_BOX, numberOfPackages: [2] },
    ]) {
      expect((await quote(box)).statusCode).toBe(422);
    }
    expect((await quote({ ...DEMO_BOX, insuranceDeclared: 25_000 })).statusCode).toBe(200);
  });

  it('a forward declaring 2^31 cents answers 422 before any charge; a quote of 2^31 too', async () => {
    const userBox = await suite.kit.mailboxOf('user@example.com');
    const user = await suite.kit.token('user@example.com');
    await addCard(suite.t, user);
    const received = await suite.kit.receive('superadmin@example.com', userBox, {
      kind: 'package',
      sender: 'Acme',
      weightLb: '3',
    });
    expect(received.statusCode).toBe(200);
    const itemId = received.json().data.id as string;
    const charges = (suite.t.app.payments as SandboxPaymentProvider).charges.length;
    const forward = await suite.kit.as(
      'user@example.com',
      'POST',
      `mail-items/${itemId}/requests`,
      { type: 'forward', address: FORWARD_ADDRESS, declaredValueCents: OVERFLOW },
      { 'idempotency-key': 'bounded-forward-1' },
    );
    expect(forward.statusCode).toBe(422);
    expect(forward.json().message).toBe(NUMBER_MESSAGES.amountTooLarge);
    expect((suite.t.app.payments as SandboxPaymentProvider).charges.length).toBe(charges);

    const made = await suite.kit.as(
      'user@example.com',
      'POST',
      `mail-items/${itemId}/requests`,
      { type: 'forward', address: FORWARD_ADDRESS, declaredValueCents: 10_000 },
      { 'idempotency-key': 'bounded-forward-2' },
    );
    expect(made.statusCode).toBe(200);
    const requestId = made.json().data.request.id as string;
    const quote = await suite.kit.as('superadmin@example.com', 'POST', `mail-requests/${requestId}/quote`, {
      postageCents: OVERFLOW,
    });
    expect(quote.statusCode).toBe(422);
    expect(quote.json().message).toBe(NUMBER_MESSAGES.amountTooLarge);
  });

  it('mail intake with an Idempotency-Key: a retry answers the first item (one item, one fee), another body 422', async () => {
    const box = await suite.kit.mailboxOf('user@example.com');
    const fields = { kind: 'package', sender: 'Retry Parts', weightLb: '2' };
    const photo = [{ body: PNG, name: 'front.png', type: 'image/png' }];
    const send = async (f: Record<string, string>, key: string) => {
      const form = multipart(f, photo);
      return suite.kit.as('superadmin@example.com', 'POST', `mailboxes/${box}/labels`, form.payload, {
        ...form.headers,
        'idempotency-key': key,
      });
    };
    const first = await send(fields, 'intake-entry-0001');
    expect(first.statusCode).toBe(200);
    const again = await send(fields, 'intake-entry-0001');
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    const rows = await suite.t.database.db.select().from(mailItems).where(eq(mailItems.sender, 'Retry Parts'));
    expect(rows).toHaveLength(1);
    const fees = await suite.t.database.db.select().from(mailItemFees).where(eq(mailItemFees.mailItemId, rows[0]!.id));
    expect(fees.length).toBeLessThanOrEqual(1);
    const other = await send({ ...fields, sender: 'Another Sender' }, 'intake-entry-0001');
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(INTAKE_KEY_REUSED);
    const bad = await send(fields, 'short');
    expect(bad.statusCode).toBe(422);
  });
});

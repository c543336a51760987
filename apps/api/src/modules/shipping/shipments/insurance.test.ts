import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../billing/schema/invoices';
import { users } from '../../identity/schema/users';
import { shippingAccounts } from '../schema/shipping';
import { addCard, apiCaller, DEMO_BOX, DEMO_RECEIVER, DEMO_SENDER, idempotencyKey } from '../../../test/shipping-kit';
import { suiteApp } from '../../../test/suite-app';

let shipper: string;

const suite = suiteApp(apiCaller);
beforeAll(async () => {
  shipper = await suite.t.login('shipper@example.com');
  await addCard(suite.t, shipper);
});

const quote = (packages: unknown[]) =>
  suite.kit('POST', '/shipments/quotes', shipper, { sender: DEMO_SENDER, receiver: DEMO_RECEIVER, packages });

describe('insurance of a declared value', () => {
  it('prices it on every rate, charges it with the label and puts it on its own invoice line', async () => {
    // Two copies declared at $250.00 each: $3.00 each by the rule ($1.00 per $100 or part).
    const res = await quote([{ ...DEMO_BOX, numberOfPackages: 2, insuranceDeclared: 25_000 }]);
    expect(res.statusCode).toBe(200);
    const rates = res.json().data.rates;
    expect(rates.every((r: { insuranceCents: number }) => r.insuranceCents === 600)).toBe(true);
    const rate = rates[0];
    const bought = await suite.kit(
      'POST',
      '/shipments',
      shipper,
      { rateId: rate.id, payment: 'card' },
      { 'idempotency-key': idempotencyKey() },
    );
    expect(bought.statusCode).toBe(201);
    const shipment = bought.json().data;
    expect(shipment).toMatchObject({ priceCents: rate.priceCents, insuranceCents: 600 });
    const full = (await suite.kit('GET', `/shipments/${shipment.id}/full`, shipper)).json().data;
    expect(full.charges).toEqual([
      expect.objectContaining({ kind: 'charge', status: 'succeeded', amountCents: rate.priceCents + 600 }),
    ]);
    const [invoice] = await suite.t.database.db.select().from(invoices).where(eq(invoices.id, shipment.invoiceId));
    expect(invoice!.totalCents).toBe(rate.priceCents + 600);
    expect(invoice!.lines.map((l) => l.amountCents)).toEqual([rate.priceCents, 600]);
    expect(invoice!.lines[1]!.description).toBe(`Insurance of ${shipment.uniqueId}: declared value $500.00`);
    // Voiding the label gives back what was charged, insurance included.
    const voided = await suite.kit('POST', `/shipments/${shipment.id}/void`, shipper, { refundTo: 'credit' });
    expect(voided.json().data.refundCents).toBe(rate.priceCents + 600);
  });

  it('puts the insurance on the monthly invoice with the postage when paid later, and takes both off on a void', async () => {
    const [me] = await suite.t.database.db.select().from(users).where(eq(users.email, 'shipper@example.com'));
    await suite.t.database.db
      .insert(shippingAccounts)
      .values({ userId: me!.id, creditLimitCents: 100_000 })
      .onConflictDoUpdate({ target: shippingAccounts.userId, set: { creditLimitCents: 100_000 } });
    const rate = (await quote([{ ...DEMO_BOX, insuranceDeclared: 10_000 }])).json().data.rates[0];
    const bought = await suite.kit(
      'POST',
      '/shipments',
      shipper,
      { rateId: rate.id, payment: 'later' },
      { 'idempotency-key': idempotencyKey() },
    );
    expect(bought.statusCode).toBe(201);
    const shipment = bought.json().data;
    const [open] = await suite.t.database.db.select().from(invoices).where(eq(invoices.id, shipment.invoiceId));
    const mine = open!.lines.filter((l) => l.ref === shipment.id);
    expect(mine.map((l) => l.amountCents)).toEqual([rate.priceCents, 100]);
    await suite.kit('POST', `/shipments/${shipment.id}/void`, shipper, {});
    const [after] = await suite.t.database.db.select().from(invoices).where(eq(invoices.id, shipment.invoiceId));
    expect(after!.lines.filter((l) => l.ref === shipment.id)).toEqual([]);
  });

  it('charges no insurance without a declared value', async () => {
    const rates = (await quote([DEMO_BOX])).json().data.rates;
    expect(rates[0].insuranceCents).toBe(0);
  });

  it('refuses a declared value above $5,000.00 (422)', async () => {
    const over = await quote([{ ...DEMO_BOX, insuranceDeclared: 500_001 }]);
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe('Declared value cannot be more than $5,000.00');
    expect((await quote([{ ...DEMO_BOX, insuranceDeclared: 500_000 }])).statusCode).toBe(200);
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices } from '../schema/invoices';
import { providerEvents } from '../schema/provider-events';
import { transactions } from '../schema/transactions';
import type { SandboxPaymentProvider } from '../../../integrations/payments/sandbox-provider';
import { suiteApp } from '../../../test/suite-app';

describe('POST payments/webhook', () => {
  const suite = suiteApp();

  const sandbox = () => suite.t.app.payments as SandboxPaymentProvider;
  const send = (payload: string, signature?: string) =>
    suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook',
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      payload,
    });

  it('rejects an unsigned or wrongly signed event (400)', async () => {
    const payload = JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded', data: { object: {} } });
    expect((await send(payload)).statusCode).toBe(400);
    const forged = sandbox().signWebhook(payload.replace('evt_1', 'evt_2'));
    expect((await send(payload, forged)).json()).toMatchObject({
      isSuccess: false,
      message: 'Invalid webhook signature',
    });
  });

  it('a late payment_intent.succeeded for a recorded failure marks it paid; the same event again is ignored', async () => {
    // The past-due demo account's renewal charge failed; the provider later reports it succeeded.
    const [failed] = await suite.t.database.db.select().from(transactions).where(eq(transactions.status, 'failed'));
    expect(failed?.providerChargeId).toBeTruthy();
    const event = {
      id: 'evt_late_success',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: failed!.providerChargeId, object: 'payment_intent', status: 'succeeded' } },
    };
    const payload = JSON.stringify(event);
    const first = await send(payload, sandbox().signWebhook(payload));
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ received: true, duplicate: false, eventId: 'evt_late_success' });
    const [txn] = await suite.t.database.db.select().from(transactions).where(eq(transactions.id, failed!.id));
    expect(txn!.status).toBe('succeeded');
    const [invoice] = await suite.t.database.db.select().from(invoices).where(eq(invoices.id, failed!.invoiceId!));
    expect(invoice!.status).toBe('paid');

    const again = await send(payload, sandbox().signWebhook(payload));
    expect(again.json().data.duplicate).toBe(true);
    const stored = await suite.t.database.db
      .select()
      .from(providerEvents)
      .where(eq(providerEvents.eventId, 'evt_late_success'));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.processedAt).not.toBeNull();
  });
});

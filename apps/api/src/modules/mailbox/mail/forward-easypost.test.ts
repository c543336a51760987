import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EasyPostFake, FAKE_LABEL_MARK } from '../../../integrations/carriers/easypost-fake';
import { pdfText } from '../../../test/pdf-text';
import type { TestApp } from '../../../test/test-app';
import { easyPostTestApp } from '../../../test/shipping-kit';
import { FORWARD_ADDRESS, mailKit, PNG, SUPER, USER } from './mail-test-kit';

/** A forward on a real carrier's rate (EasyPost, against its local fake): the label bought is the carrier's own. */

let t: TestApp;
let fake: EasyPostFake;
let k: ReturnType<typeof mailKit>;

const ADDRESS = FORWARD_ADDRESS;

let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, fake, close } = await easyPostTestApp('EZAK_forward_test'));
  k = mailKit(t);
});
afterAll(async () => close?.());

describe('a forward on an EasyPost rate', () => {
  it('is rated by EasyPost, and its one-click label is the carrier’s own PDF', async () => {
    const box = await k.mailboxOf(USER);
    const received = await k.receive(
      SUPER,
      box,
      { kind: 'package', sender: 'Acme Parts', weightLb: '3', lengthIn: '10', widthIn: '8', heightIn: '4' },
      [{ body: PNG, name: 'front.png', type: 'image/png' }],
    );
    const item = received.json().data as { id: string };
    const query = new URLSearchParams(ADDRESS).toString();
    const rates = (await k.as(USER, 'GET', `mail-items/${item.id}/forward-rates?${query}`)).json().data.rates as {
      rateId: string;
      carrier: string;
      service: string;
      priceCents: number;
    }[];
    const easypost = rates.find((r) => r.service === 'GroundAdvantage');
    expect(easypost).toBeDefined();

    const booked = await k.as(
      USER,
      'POST',
      `mail-items/${item.id}/requests`,
      { type: 'forward', rateId: easypost!.rateId },
      { 'idempotency-key': 'easypost-forward-01' },
    );
    expect(booked.statusCode, booked.body).toBe(200);
    const request = booked.json().data.request as { id: string; paidCents: number };
    expect(request.paidCents).toBe(easypost!.priceCents);

    fake.calls.length = 0;
    const bought = await k.as(SUPER, 'POST', `mail-requests/${request.id}/buy-label`);
    expect(bought.statusCode, bought.body).toBe(200);
    const done = bought.json().data as { outboundTracking: string; outboundCarrier: string };
    expect(done.outboundCarrier).toBe(easypost!.carrier);
    expect(fake.calls.some((c) => c.path.endsWith('/buy'))).toBe(true);

    const label = await k.as(SUPER, 'GET', `mail-requests/${request.id}/label`);
    expect(label.statusCode).toBe(200);
    expect(pdfText(label.rawPayload)).toEqual([`${FAKE_LABEL_MARK} ${done.outboundTracking}`]);
  });
});

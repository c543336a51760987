import { beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/shipping-kit';
import { suiteApp } from '../../../test/suite-app';

let shipper: string;
let mailbox: string;

const suite = suiteApp(apiCaller);
beforeAll(async () => {
  [shipper, mailbox] = await Promise.all([suite.t.login('shipper@example.com'), suite.t.login('mailbox@example.com')]);
});

describe('POST shipments/quick-quote', () => {
  it('rates two ZIP codes and a weight: every service priced as the full quote prices it, the cheapest and the fastest', async () => {
    const res = await suite.kit('POST', '/shipments/quick-quote', shipper, {
      fromZip: '90021',
      toZip: '78702',
      weight: 3,
    });
    expect(res.statusCode).toBe(200);
    const { rates, cheapest, fastest } = res.json().data;
    expect(rates.length).toBeGreaterThan(1);
    const prices = rates.map((r: { priceCents: number }) => r.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(cheapest).toEqual(rates[0]);
    expect(fastest.transitDays).toBe(Math.min(...rates.map((r: { transitDays: number }) => r.transitDays)));
    expect(cheapest.savingCents).toBe(cheapest.retailCents - cheapest.priceCents);
    expect(cheapest.savingCents).toBeGreaterThan(0);
    // The full quote of the same ZIPs and weight prices the same service the same.
    const full = await suite.kit('POST', '/shipments/quotes', shipper, {
      sender: {
        name: 'A',
        line1: '1855 Industrial St',
        city: 'Los Angeles',
        state: 'CA',
        zipCode: '90021',
        country: 'US',
      },
      receiver: {
        name: 'B',
        line1: '2207 E Cesar Chavez St',
        city: 'Austin',
        state: 'TX',
        zipCode: '78702',
        country: 'US',
      },
      packages: [{ packageType: 'Box', dimension: { unit: 'in', length: 4, width: 4, height: 4 }, weight: 3 }],
    });
    const same = full
      .json()
      .data.rates.find(
        (r: { carrier: string; service: string }) => r.carrier === cheapest.carrier && r.service === cheapest.service,
      );
    expect(same.priceCents).toBe(cheapest.priceCents);
    // Ounces are a weight too; a heavier parcel costs more.
    const ounces = (
      await suite.kit('POST', '/shipments/quick-quote', shipper, {
        fromZip: '90021',
        toZip: '78702',
        weight: 48,
        weightUnit: 'oz',
      })
    ).json().data;
    expect(ounces.cheapest.priceCents).toBe(cheapest.priceCents);
  });

  it('rates to another country by its code, with or without a postal code', async () => {
    const res = await suite.kit('POST', '/shipments/quick-quote', shipper, {
      fromZip: '90021',
      toCountry: 'gb',
      weight: 2,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.rates.every((r: { category: string }) => r.category === 'International')).toBe(true);
    expect(res.json().data.cheapest).not.toBeNull();
  });

  it('answers 422 for a missing or unknown ZIP, a bad country or weight; 401 signed out, 403 without shipping', async () => {
    const missing = await suite.kit('POST', '/shipments/quick-quote', shipper, { toZip: '78702', weight: 1 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe('From ZIP is required');
    const unknown = await suite.kit('POST', '/shipments/quick-quote', shipper, {
      fromZip: '00000',
      toZip: '78702',
      weight: 1,
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe('From ZIP must be a US ZIP code');
    const country = await suite.kit('POST', '/shipments/quick-quote', shipper, {
      fromZip: '90021',
      toCountry: 'Britain',
      weight: 1,
    });
    expect(country.statusCode).toBe(422);
    const weight = await suite.kit('POST', '/shipments/quick-quote', shipper, {
      fromZip: '90021',
      toZip: '78702',
      weight: 0,
    });
    expect(weight.json().message).toBe('Weight must be greater than 0');
    expect(
      (await suite.kit('POST', '/shipments/quick-quote', undefined, { fromZip: '90021', toZip: '78702', weight: 1 }))
        .statusCode,
    ).toBe(401);
    expect(
      (await suite.kit('POST', '/shipments/quick-quote', mailbox, { fromZip: '90021', toZip: '78702', weight: 1 }))
        .statusCode,
    ).toBe(403);
  });
});

import { describe, expect, it } from 'vitest';
import { cheapestAndFastest, quickQuoteRequestSchema } from './quick-quote';

describe('quick quote', () => {
  it('picks the cheapest (sooner on a tie) and the fastest (cheaper on a tie)', () => {
    const a = { id: 'a', priceCents: 900, transitDays: 5 };
    const b = { id: 'b', priceCents: 900, transitDays: 3 };
    const c = { id: 'c', priceCents: 4000, transitDays: 1 };
    const d = { id: 'd', priceCents: 3500, transitDays: 1 };
    expect(cheapestAndFastest([a, b, c, d])).toEqual({ cheapest: b, fastest: d });
    expect(cheapestAndFastest([])).toEqual({ cheapest: null, fastest: null });
  });

  it('needs a known US ZIP for a US end, and checks another country\u2019s postal code only when given', () => {
    expect(quickQuoteRequestSchema.safeParse({ fromZip: '90021', toZip: '78702', weight: 1 }).success).toBe(true);
    expect(quickQuoteRequestSchema.safeParse({ fromZip: '90021', toCountry: 'CA', weight: 1 }).success).toBe(true);
    const bad = quickQuoteRequestSchema.safeParse({ fromZip: '00000', toCountry: 'CA', toZip: '123', weight: 1 });
    expect(bad.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['fromZip', 'From ZIP must be a US ZIP code'],
      ['toZip', 'To postal code is not valid for that country'],
    ]);
  });
});

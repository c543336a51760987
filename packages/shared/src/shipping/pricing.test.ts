import { describe, expect, it } from 'vitest';
import { priceQuote, sumBreakdowns } from './pricing';

describe('markup, discount and price', () => {
  it('adds a PERCENTAGE markup on cost and reports the saving against retail', () => {
    expect(priceQuote({ costCents: 1000, retailCents: 5000, markup: { type: 'PERCENTAGE', value: 20 } })).toEqual({
      costCents: 1000,
      markupCents: 200,
      discountCents: 0,
      priceCents: 1200,
      retailCents: 5000,
      savingCents: 3800,
      savingPercent: 76,
    });
  });

  it('adds an AMOUNT markup in cents and takes a PERCENTAGE customer discount off the marked-up price', () => {
    const q = priceQuote({
      costCents: 1000,
      retailCents: 5000,
      markup: { type: 'AMOUNT', value: 500 },
      discount: { type: 'PERCENTAGE', value: 10 },
    });
    expect(q).toMatchObject({ markupCents: 500, discountCents: 150, priceCents: 1350 });
  });

  it('never prices below cost however large the discount', () => {
    const q = priceQuote({
      costCents: 1000,
      retailCents: 5000,
      markup: { type: 'AMOUNT', value: 300 },
      discount: { type: 'AMOUNT', value: 10_000 },
    });
    expect(q).toMatchObject({ costCents: 1000, markupCents: 300, discountCents: 300, priceCents: 1000 });
    const noMarkup = priceQuote({ costCents: 999, retailCents: 999, discount: { type: 'PERCENTAGE', value: 100 } });
    expect(noMarkup).toMatchObject({ priceCents: 999, discountCents: 0, savingCents: 0, savingPercent: 0 });
  });

  it('never shows a negative saving: retail is at least the price', () => {
    const q = priceQuote({ costCents: 1000, retailCents: 900, markup: { type: 'PERCENTAGE', value: 50 } });
    expect(q).toMatchObject({ priceCents: 1500, retailCents: 1500, savingCents: 0 });
  });

  it('sums several packages into one breakdown', () => {
    const a = priceQuote({ costCents: 1000, retailCents: 4000, markup: { type: 'AMOUNT', value: 100 } });
    const total = sumBreakdowns([a, a]);
    expect(total).toMatchObject({
      costCents: 2000,
      priceCents: 2200,
      retailCents: 8000,
      savingCents: 5800,
      savingPercent: 72,
    });
  });
});

/**
 * Our price for a carrier rate (spec 1, margin & discount): the negotiated cost, plus the markup configured for
 * the carrier and service (AMOUNT in cents or PERCENTAGE of cost), minus the customer's discount (AMOUNT or
 * PERCENTAGE of the marked-up price). The price never goes below cost. All money is integer cents.
 */

export type AdjustmentType = 'AMOUNT' | 'PERCENTAGE';

export interface Adjustment {
  type: AdjustmentType;
  /** Cents for AMOUNT; percent (may have decimals, e.g. 12.5) for PERCENTAGE. */
  value: number;
}

export interface QuoteBreakdown {
  /** What the carrier charges us (negotiated). */
  costCents: number;
  markupCents: number;
  /** The customer's discount actually given (capped so price >= cost). */
  discountCents: number;
  /** What the customer pays: cost + markup - discount, never below cost. */
  priceCents: number;
  /** The carrier's retail (list) price, shown struck through. */
  retailCents: number;
  /** retail - price, never negative. */
  savingCents: number;
  /** Saving as a whole percent of retail (0..100). */
  savingPercent: number;
}

function applyAdjustment(baseCents: number, adjustment: Adjustment | null | undefined): number {
  if (!adjustment || adjustment.value <= 0) return 0;
  return adjustment.type === 'AMOUNT' ? Math.round(adjustment.value) : Math.round((baseCents * adjustment.value) / 100);
}

export interface PriceInput {
  costCents: number;
  retailCents: number;
  markup?: Adjustment | null;
  discount?: Adjustment | null;
}

export function priceQuote({ costCents, retailCents, markup, discount }: PriceInput): QuoteBreakdown {
  const cost = Math.max(0, Math.round(costCents));
  const markupCents = applyAdjustment(cost, markup);
  const listed = cost + markupCents;
  const wanted = applyAdjustment(listed, discount);
  // A discount may eat the whole markup but never the carrier's cost.
  const discountCents = Math.min(wanted, markupCents);
  const priceCents = listed - discountCents;
  const retail = Math.max(Math.round(retailCents), priceCents);
  const savingCents = retail - priceCents;
  return {
    costCents: cost,
    markupCents,
    discountCents,
    priceCents,
    retailCents: retail,
    savingCents,
    savingPercent: retail === 0 ? 0 : Math.floor((savingCents * 100) / retail),
  };
}

/** Adds breakdowns (several packages of one shipment, or a CSV report's total). */
export function sumBreakdowns(parts: readonly QuoteBreakdown[]): QuoteBreakdown {
  const sum = (key: keyof QuoteBreakdown) => parts.reduce((s, p) => s + p[key], 0);
  const retailCents = sum('retailCents');
  const priceCents = sum('priceCents');
  const savingCents = retailCents - priceCents;
  return {
    costCents: sum('costCents'),
    markupCents: sum('markupCents'),
    discountCents: sum('discountCents'),
    priceCents,
    retailCents,
    savingCents,
    savingPercent: retailCents === 0 ? 0 : Math.floor((savingCents * 100) / retailCents),
  };
}

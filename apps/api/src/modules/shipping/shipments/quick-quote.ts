import type { Address } from '@postwise/shared/schemas/shipping';
import {
  cheapestAndFastest,
  quickQuoteParcel,
  type QuickQuoteRate,
  type QuickQuoteRequest,
  type QuickQuoteResult,
} from '@postwise/shared/shipping/quick-quote';
import { stateOfZip } from '@postwise/shared/shipping/zip-prefixes';
import { collectRates, priceRates, type PricedRate, type QuoteContext, sortRates } from './create-quote';
import type { Actor } from '../../identity';

/**
 * One end of a quick quote as the carriers are asked for it: the ZIP (or postal code) and country, the state a US
 * ZIP belongs to, and no street. Only rating sees it: nothing is stored and nothing is bought with it.
 */
function endOf(zip: string | undefined, country: string): Address {
  return {
    name: 'Quick quote',
    companyName: null,
    line1: '',
    line2: null,
    city: '',
    state: country === 'US' && zip ? (stateOfZip(zip) ?? '') : '',
    zipCode: zip ?? '',
    country,
    phone: null,
    email: null,
  };
}

function toQuickRate(r: PricedRate): QuickQuoteRate {
  return {
    carrier: r.carrier,
    service: r.service,
    category: r.category,
    retailCents: r.retailCents,
    priceCents: r.priceCents,
    savingCents: r.savingCents,
    savingPercent: r.savingPercent,
    transitDays: r.transitDays,
    expectedDeliveryDate: r.deliveryDate,
  };
}

/**
 * POST shipments/quick-quote: the rates of the full quote (same carriers, same markups and this customer's
 * discounts) for two ZIP codes or countries and a weight, with the cheapest and the fastest. No address
 * verification beyond the ZIP's format and its ZIP-to-state prefix, no quote stored, no rate to buy: "Ship this"
 * opens the wizard, whose quote is the one bought.
 */
export async function quickQuote(ctx: QuoteContext, actor: Actor, input: QuickQuoteRequest): Promise<QuickQuoteResult> {
  const carrierRates = await collectRates(ctx, {
    sender: endOf(input.fromZip, input.fromCountry),
    receiver: endOf(input.toZip, input.toCountry),
    packages: [quickQuoteParcel(input)],
    customs: [],
    preferences: { priority: 'cheapest', arriveBy: null, signature: false, saturdayDelivery: false },
    shipDate: ctx.now(),
  });
  const rates = sortRates(await priceRates(ctx.db, actor.userId, carrierRates, null), 'cheapest').map(toQuickRate);
  return { rates, ...cheapestAndFastest(rates) };
}

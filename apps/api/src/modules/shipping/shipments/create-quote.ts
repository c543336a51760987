import type { Address, QuoteRequest } from '@postwise/shared/schemas/shipping';
import type { QuoteResultDto, ShippingRateDto } from '@postwise/shared/schemas/shipping-dto';
import { shipmentInsuranceCents } from '@postwise/shared/shipping/insurance';
import { priceQuote } from '@postwise/shared/shipping/pricing';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { shipmentQuotes, shipmentRates } from '../schema/shipping';
import type { CarrierRate, RateRequest } from '../../../integrations/carriers/carrier-adapter';
import { appError, notFound, validationFailed } from '../../../lib/errors';
import type { CarrierRegistry } from './carrier-registry';
import { loadMarginRules } from './margins';
import { payLaterCredit } from './pay-later';
import { findVisibleShipment, marginOf, SHIPMENT_NOT_FOUND_MESSAGE } from './shipment-records';
import type { Actor } from '../../identity';
import { seesAllShipments } from './shipper-access';

export interface QuoteContext {
  db: Db;
  carriers: CarrierRegistry;
  now: () => Date;
  quoteTtlMinutes: number;
  log: FastifyBaseLogger;
}

export interface PricedRate extends CarrierRate {
  costCents: number;
  markupCents: number;
  discountCents: number;
  priceCents: number;
  savingCents: number;
  savingPercent: number;
  arrivesInTime: boolean | null;
}

/** Asks every enabled carrier; one failing carrier does not hide the others' rates. */
export async function collectRates(ctx: QuoteContext, request: RateRequest): Promise<CarrierRate[]> {
  const enabled = await ctx.carriers.enabled(ctx.db);
  const results = await Promise.allSettled(enabled.map((c) => c.adapter.rates(request)));
  const rates: CarrierRate[] = [];
  results.forEach((result, i) => {
    const { adapter, disabledServices } = enabled[i]!;
    if (result.status === 'rejected') {
      ctx.log.warn({ err: result.reason, provider: adapter.provider }, 'carrier rates failed');
      return;
    }
    rates.push(...result.value.filter((r) => !disabledServices.has(`${r.carrier}|${r.service}`)));
  });
  return rates;
}

/** The address correction a verifying carrier proposed, per party (null: none to accept). */
export interface AddressCorrections {
  sender: Address | null;
  receiver: Address | null;
}

const PARTY_TEXT = { sender: 'Sender address', receiver: 'Receiver address' } as const;

/**
 * With a carrier that verifies addresses enabled (EasyPost), sender and receiver are verified before rating: an
 * address it cannot deliver to is refused (422, the message on the party's street line), and its corrections are
 * answered for the customer to accept. A verification that cannot be done right now does not stop the quote (the
 * carrier judges the address again when rating). The sandbox's checks are the address rules of the schema.
 */
export async function verifyAddresses(
  ctx: QuoteContext,
  input: Pick<QuoteRequest, 'sender' | 'receiver'>,
): Promise<AddressCorrections> {
  const enabled = await ctx.carriers.enabled(ctx.db);
  const verifier = enabled.map((c) => c.adapter).find((a) => a.verifyAddress);
  const corrections: AddressCorrections = { sender: null, receiver: null };
  if (!verifier?.verifyAddress) return corrections;
  const errors: Record<string, string> = {};
  for (const party of ['sender', 'receiver'] as const) {
    try {
      const verdict = await verifier.verifyAddress(input[party]);
      if (!verdict.deliverable) {
        errors[`${party}.line1`] =
          `${PARTY_TEXT[party]}: the carrier cannot deliver there (${verdict.messages.join('; ')}). Check the street, city, state and Zip Code.`;
      } else {
        corrections[party] = verdict.corrected;
      }
    } catch (err) {
      ctx.log.warn({ err, provider: verifier.provider, party }, 'address verification failed; rating without it');
    }
  }
  const first = Object.values(errors)[0];
  if (first) throw validationFailed(first, errors);
  return corrections;
}

/** Sorts by the arrival preference: cheapest, fastest, or arrive-by (in time first, cheapest of those first). */
export function sortRates(rates: PricedRate[], priority: QuoteRequest['preferences']['priority']): PricedRate[] {
  const byPrice = (a: PricedRate, b: PricedRate) => a.priceCents - b.priceCents || a.transitDays - b.transitDays;
  const byDate = (a: PricedRate, b: PricedRate) =>
    a.deliveryDate.localeCompare(b.deliveryDate) || a.priceCents - b.priceCents;
  if (priority === 'fastest') return [...rates].sort(byDate);
  if (priority === 'arriveBy') {
    return [...rates].sort((a, b) =>
      a.arrivesInTime === b.arrivesInTime ? (a.arrivesInTime ? byPrice(a, b) : byDate(a, b)) : a.arrivesInTime ? -1 : 1,
    );
  }
  return [...rates].sort(byPrice);
}

/** Prices carrier rates for a customer: markup per carrier/service, the customer's discount, never below cost. */
export async function priceRates(
  db: Db,
  userId: string | null,
  rates: CarrierRate[],
  arriveBy: string | null,
): Promise<PricedRate[]> {
  return priceRatesWith(await loadMarginRules(db, userId), rates, arriveBy);
}

/** The same pricing with margin rules already read (many rates priced against one set of rules). */
export function priceRatesWith(
  rules: Awaited<ReturnType<typeof loadMarginRules>>,
  rates: CarrierRate[],
  arriveBy: string | null,
): PricedRate[] {
  return rates.map((rate) => {
    const q = priceQuote({
      costCents: rate.costCents,
      retailCents: rate.retailCents,
      markup: rules.markupFor(rate.carrier, rate.service),
      discount: rules.discountFor(rate.carrier, rate.service),
    });
    return {
      ...rate,
      ...q,
      arrivesInTime: arriveBy ? rate.deliveryDate <= arriveBy : null,
    };
  });
}

export function toRateDto(id: string, rate: PricedRate, showMargin: boolean, insuranceCents = 0): ShippingRateDto {
  return {
    id,
    carrier: rate.carrier,
    service: rate.service,
    category: rate.category,
    retailCents: rate.retailCents,
    priceCents: rate.priceCents,
    savingCents: rate.savingCents,
    savingPercent: rate.savingPercent,
    insuranceCents,
    transitDays: rate.transitDays,
    expectedDeliveryDate: rate.deliveryDate,
    arrivesInTime: rate.arrivesInTime,
    margin: showMargin ? marginOf(rate) : null,
  };
}

export const NOT_RETURNABLE_MESSAGE = 'A voided or cancelled shipment has no return label.';

/** A return label is made for one of the caller's own shipments with a label (another's is "not found"). */
async function assertReturnable(db: Db, actor: Actor, shipmentId: string): Promise<void> {
  const original = await findVisibleShipment(db, actor, shipmentId);
  if (original.userId !== actor.userId) throw notFound(SHIPMENT_NOT_FOUND_MESSAGE);
  if (original.status === 'voided' || original.status === 'cancelled')
    throw appError('CONFLICT', NOT_RETURNABLE_MESSAGE);
}

/**
 * POST shipments/quotes: every carrier service that fits, priced for this customer and sorted by the preference.
 * Each rate is stored with cost, markup, discount and price (margin reporting) and its id is valid for the
 * configured minutes.
 */
export async function createQuote(ctx: QuoteContext, actor: Actor, input: QuoteRequest): Promise<QuoteResultDto> {
  const now = ctx.now();
  if (input.returnOf) await assertReturnable(ctx.db, actor, input.returnOf);
  const addressCorrections = await verifyAddresses(ctx, input);
  const carrierRates = await collectRates(ctx, { ...input, shipDate: now, isReturn: !!input.returnOf });
  const priced = sortRates(
    await priceRates(ctx.db, actor.userId, carrierRates, input.preferences.arriveBy ?? null),
    input.preferences.priority,
  );
  const expiresAt = new Date(now.getTime() + ctx.quoteTtlMinutes * 60_000);
  const payLater = await payLaterCredit(ctx.db, actor.userId);
  // The declared values' insurance, by the documented rule (shipping/insurance.ts), the same on every rate.
  const insuranceCents = shipmentInsuranceCents(input.packages);
  return ctx.db.transaction(async (tx) => {
    const [quote] = await tx
      .insert(shipmentQuotes)
      .values({
        userId: actor.userId,
        request: {
          sender: input.sender,
          receiver: input.receiver,
          packages: input.packages.map((p) => ({ ...p, insuranceDeclared: p.insuranceDeclared ?? null })),
          customs: input.customs,
          preferences: { ...input.preferences, arriveBy: input.preferences.arriveBy ?? null },
          returnOf: input.returnOf ?? null,
        },
        expiresAt,
        createdAt: now,
      })
      .returning({ id: shipmentQuotes.id });
    const rows = priced.length
      ? await tx
          .insert(shipmentRates)
          .values(
            priced.map((r, i) => ({
              quoteId: quote!.id,
              provider: r.provider,
              carrier: r.carrier,
              service: r.service,
              category: r.category,
              costCents: r.costCents,
              markupCents: r.markupCents,
              discountCents: r.discountCents,
              priceCents: r.priceCents,
              retailCents: r.retailCents,
              transitDays: r.transitDays,
              deliveryDate: r.deliveryDate,
              providerRef: r.providerRef,
              sortOrder: i,
            })),
          )
          .returning({ id: shipmentRates.id, sortOrder: shipmentRates.sortOrder })
      : [];
    const idByOrder = new Map(rows.map((r) => [r.sortOrder, r.id]));
    return {
      quoteId: quote!.id,
      expiresAt: expiresAt.toISOString(),
      rates: priced.map((r, i) => toRateDto(idByOrder.get(i)!, r, seesAllShipments(actor), insuranceCents)),
      needsShippingRequest: priced.length === 0,
      payLater,
      addressCorrections,
    };
  });
}

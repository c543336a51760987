import type { Actor } from '../../identity';
import type { ForwardAddressDto, ForwardRate, ForwardRates } from '@postwise/shared/mail-api';
import {
  FORWARD_PRICING,
  FORWARD_RATE_TTL_MINUTES,
  FORWARD_SIGNATURE_FORMULA_CENTS,
  MAIL_REQUEST_TYPE_LABELS,
  consolidationFee,
  forwardParcel,
  forwardQuote,
  insuranceCents,
  requestAllowed,
  uspsState,
} from '@postwise/shared/mail';
import type { ForwardRatesQuery } from '@postwise/shared/schemas/mail';
import { type Address, addressSchema } from '@postwise/shared/schemas/shipping';
import { insuranceCostCents } from '@postwise/shared/shipping/insurance';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { conflict, validationFailed } from '../../../lib/errors';
import { findOwnAddress, type PricedRate, type QuoteContext, rateParcel } from '../../shipping';
import { type MailForwardRateRow, type MailItemRow, mailForwardRates, mailItems } from '../schema/mail';
import type { StoreRow } from '../schema/stores';
import type { MailContext } from './mail-context';
import { itemDimensions, loadVisibleItem } from './mail-records';
import { holderFees } from './plan-fees';

export const FORWARD_RATE_MESSAGES = {
  noWeight: 'An item has no measured weight yet, so no carrier can rate it: the fixed formula prices this forward.',
  noCarrier: 'No carrier rate can be had right now: the fixed formula prices this forward.',
  noAddress: 'Carriers cannot rate this address: the fixed formula prices this forward.',
  itemsInvalid: 'Every item to consolidate must be yours, in your mailbox and not already in a request.',
} as const;

/** Forward rates need the carriers' rating as well as the mailbox's context. */
export type ForwardRatesContext = MailContext & { quote: QuoteContext };

const US_NAMES = /^(us|usa|u\.s\.a?\.?|united states( of america)?)$/i;

/** A forward address in the shipping area's shape (US state codes, ISO country), or null when it cannot be rated. */
export function shippingAddressOf(a: ForwardAddressDto): Address | null {
  const us = US_NAMES.test(a.country.trim());
  const parsed = addressSchema.safeParse({
    name: a.name,
    companyName: a.companyName ?? null,
    line1: a.line1,
    line2: a.line2 ?? null,
    city: a.city,
    state: us ? uspsState(a.state) : a.state,
    zipCode: a.zipCode,
    country: us ? 'US' : a.country.trim().toUpperCase(),
    phone: a.phone ?? null,
    email: null,
  });
  return parsed.success ? parsed.data : null;
}

/** The store's own address, the sender of every parcel it forwards. */
export function storeSender(store: StoreRow): Address | null {
  return shippingAddressOf({
    name: store.name,
    line1: store.address1,
    ...(store.address2 ? { line2: store.address2 } : {}),
    city: store.city,
    state: store.state,
    zipCode: store.zip,
    country: store.country,
    phone: /^\d{10}$/.test(store.phone.replace(/\D/g, '')) ? store.phone.replace(/\D/g, '') : undefined,
  });
}

/**
 * The items of a forward: the item itself (it must still be forwardable: 409) and the others of the same box
 * going in the same parcel (each yours, forwardable, not in a request: else 422 on `field`).
 */
export async function forwardItems(
  db: Db,
  primary: MailItemRow,
  otherIds: string[],
  field: string,
): Promise<MailItemRow[]> {
  if (!requestAllowed(primary.kind, primary.status, 'forward') || primary.folder === 'trash' || primary.openRequestId) {
    throw conflict(`${MAIL_REQUEST_TYPE_LABELS.forward} is not possible for this item now.`);
  }
  const ids = [...new Set(otherIds)].filter((id) => id !== primary.id);
  if (ids.length === 0) return [primary];
  const others = await db
    .select()
    .from(mailItems)
    .where(and(inArray(mailItems.id, ids), eq(mailItems.userId, primary.userId)));
  if (
    others.length !== ids.length ||
    others.some(
      (i) =>
        i.mailboxId !== primary.mailboxId ||
        !requestAllowed(i.kind, i.status, 'forward') ||
        i.purgedAt ||
        i.openRequestId ||
        i.folder === 'trash',
    )
  ) {
    throw validationFailed(FORWARD_RATE_MESSAGES.itemsInvalid, { [field]: FORWARD_RATE_MESSAGES.itemsInvalid });
  }
  return [primary, ...others];
}

/** The answer of one stored rate: postage plus handling and consolidation; signature and insurance on top. */
export function toForwardRate(row: MailForwardRateRow, declaredValueCents: number): ForwardRate {
  return {
    rateId: row.id,
    kind: row.kind,
    carrier: row.rate?.carrier ?? null,
    service: row.rate?.service ?? null,
    transitDays: row.rate?.transitDays ?? null,
    expectedDeliveryDate: row.rate?.deliveryDate ?? null,
    postageCents: row.postageCents,
    handlingCents: row.handlingCents,
    consolidationCents: row.consolidationCents,
    priceCents: row.postageCents + row.handlingCents + row.consolidationCents,
    signatureCents: Math.max(0, row.signaturePostageCents - row.postageCents),
    insuranceCents: forwardInsuranceCents(row.kind, declaredValueCents),
  };
}

/** Live rates insure by the shipping rule (as shipments do); the fixed formula keeps its own. */
export function forwardInsuranceCents(kind: 'live' | 'formula', declaredValueCents: number): number {
  return kind === 'live' ? insuranceCostCents(declaredValueCents) : insuranceCents(declaredValueCents);
}

const rateKey = (r: Pick<PricedRate, 'carrier' | 'service'>) => `${r.carrier}|${r.service}`;

/**
 * GET mail-items/{id}/forward-rates (the box holder): the carrier services that fit the parcel the items make
 * (summed weight, a box that fits the largest sides), rated by the shipments' quote path from the store to the
 * address, each priced as postage plus the forward's handling and the plan's consolidation fee, with a signature
 * priced by the same rating and the declared value's insurance. Each is kept with an expiry so booking its rateId
 * charges exactly this price. Where no rate can be had (no weight measured, an address carriers cannot rate, no
 * carrier answering) the fixed formula is answered instead, marked as such.
 */
export async function getForwardRates(
  ctx: ForwardRatesContext,
  me: Actor,
  itemId: string,
  query: ForwardRatesQuery,
): Promise<ForwardRates> {
  const now = ctx.now();
  const { item, store } = await loadVisibleItem(ctx.db, me, itemId);
  const items = await forwardItems(ctx.db, item, query.itemIds, 'itemIds');
  let address: ForwardAddressDto;
  if (query.addressId) {
    const saved = await findOwnAddress(ctx.db, me.userId, query.addressId);
    address = {
      name: saved.name,
      ...(saved.companyName ? { companyName: saved.companyName } : {}),
      line1: saved.line1,
      ...(saved.line2 ? { line2: saved.line2 } : {}),
      city: saved.city,
      state: saved.state ?? '',
      zipCode: saved.zipCode ?? '',
      country: saved.country,
      ...(saved.phone && /^\d{10}$/.test(saved.phone) ? { phone: saved.phone } : {}),
    };
  } else {
    address = query.address!;
  }

  const fees = await holderFees(ctx.db, item.userId);
  const handlingCents = FORWARD_PRICING.handlingCents;
  const consolidationCents = consolidationFee(items.length, fees);
  const parcel = forwardParcel(items.map((i) => ({ weightLb: i.weightLb, dimensions: itemDimensions(i) })));
  const sender = storeSender(store);
  const receiver = shippingAddressOf(address);

  let live: { plain: PricedRate; signed: PricedRate | undefined }[] = [];
  let fallbackReason: string | null = null;
  if (!parcel) fallbackReason = FORWARD_RATE_MESSAGES.noWeight;
  else if (!sender || !receiver) fallbackReason = FORWARD_RATE_MESSAGES.noAddress;
  else {
    try {
      // Rated twice (without and with a signature), so the signature is priced by the carriers themselves.
      const [plain, signed] = await Promise.all([
        rateParcel(ctx.quote, item.userId, { sender, receiver, parcel, signature: false }),
        rateParcel(ctx.quote, item.userId, { sender, receiver, parcel, signature: true }),
      ]);
      const signedByKey = new Map(signed.map((r) => [rateKey(r), r]));
      live = plain.map((r) => ({ plain: r, signed: signedByKey.get(rateKey(r)) }));
    } catch (err) {
      ctx.log.warn({ err, itemId }, 'forward rating failed; the fixed formula prices it');
    }
    if (live.length === 0) fallbackReason = FORWARD_RATE_MESSAGES.noCarrier;
  }

  const expiresAt = new Date(now.getTime() + FORWARD_RATE_TTL_MINUTES * 60_000);
  const base = {
    userId: me.userId,
    mailItemId: item.id,
    itemIds: items.map((i) => i.id),
    address,
    handlingCents,
    consolidationCents,
    expiresAt,
    createdAt: now,
  };
  const values =
    live.length > 0
      ? live.map(({ plain, signed }, i) => ({
          ...base,
          kind: 'live' as const,
          rate: {
            provider: plain.provider,
            carrier: plain.carrier,
            service: plain.service,
            category: plain.category,
            transitDays: plain.transitDays,
            deliveryDate: plain.deliveryDate || null,
            parcel: parcel!,
            sender: sender as unknown as Record<string, unknown>,
            receiver: receiver as unknown as Record<string, unknown>,
          },
          postageCents: plain.priceCents,
          costCents: plain.costCents,
          signaturePostageCents: signed
            ? Math.max(plain.priceCents, signed.priceCents)
            : plain.priceCents + FORWARD_SIGNATURE_FORMULA_CENTS,
          signatureCostCents: signed ? signed.costCents : plain.costCents,
          sortOrder: i,
        }))
      : [
          (() => {
            const formula = forwardQuote(
              items.map((i) => ({ kind: i.kind, weightLb: i.weightLb, dimensions: itemDimensions(i) })),
              0,
              fees,
            );
            return {
              ...base,
              kind: 'formula' as const,
              rate: null,
              postageCents: formula.postageCents,
              costCents: formula.postageCents,
              signaturePostageCents: formula.postageCents + FORWARD_SIGNATURE_FORMULA_CENTS,
              signatureCostCents: formula.postageCents,
              sortOrder: 0,
            };
          })(),
        ];
  const rows = await ctx.db.insert(mailForwardRates).values(values).returning();
  rows.sort((a, b) => a.sortOrder - b.sortOrder);
  return {
    parcel,
    itemIds: base.itemIds,
    declaredValueCents: query.declaredValueCents,
    live: live.length > 0,
    fallbackReason,
    expiresAt: expiresAt.toISOString(),
    rates: rows.map((r) => toForwardRate(r, query.declaredValueCents)),
  };
}

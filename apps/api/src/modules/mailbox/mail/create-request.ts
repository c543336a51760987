import type { Actor } from '../../identity';
import type { CreatedMailRequest, ForwardAddressDto } from '@postwise/shared/mail-api';
import {
  ITEM_STATUS_BY_REQUEST,
  MAIL_REQUEST_TYPE_LABELS,
  carrierServiceName,
  type ForwardQuote,
  forwardQuote,
  requestAllowed,
} from '@postwise/shared/mail';
import { type CreateMailRequestInput, MAIL_MESSAGES } from '@postwise/shared/schemas/mail';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  type BookedForwardRate,
  type MailItemRow,
  mailForwardRates,
  mailItems,
  mailRequests,
  mailRules,
} from '../schema/mail';
import { forwardInsuranceCents } from './forward-rates';
import { conflict, validationFailed } from '../../../lib/errors';
import { hashToken } from '../../../lib/tokens';
import { insertInvoice, invoiceLine, charge, linkChargeToInvoice, paymentFailed, type Purpose } from '../../billing';
import type { MailContext } from './mail-context';
import { emitMailRequestUpdated } from './webhook-events';
import { itemDimensions, loadVisibleItem, loadVisibleRequest, toRequestDto } from './mail-records';
import { newPasscode, sendPasscode } from './pickup-passcode';
import { holderFees } from './plan-fees';
import { useScan } from './scans';

const RATE_ADDRESS_DIFFERS = 'This rate was given for another address. Get the rates again.';

/** The address with its keys in one order and empty parts left out, to compare two spellings of it. */
function sortedKeys(a: ForwardAddressDto): [string, unknown][] {
  return Object.entries(a)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .sort(([x], [y]) => x.localeCompare(y));
}

export const REQUEST_MESSAGES = {
  notAllowed: (type: string) => `${type} is not possible for this item now.`,
  consolidateInvalid: 'Every item to consolidate must be yours, in your mailbox and not already in a request.',
} as const;

const KIND_NOUNS: Record<MailItemRow['kind'], string> = {
  letter: 'letter',
  large_envelope: 'large envelope',
  package: 'package',
  pallet: 'pallet',
};

/** "Forward of M-1000015, package from Amazon" (or of several items), as the invoice names the work. */
export function forwardSubject(items: Pick<MailItemRow, 'number' | 'kind' | 'sender'>[]): string {
  const [first] = items;
  if (!first) return 'Forward';
  if (items.length === 1) return `Forward of M-${first.number}, ${KIND_NOUNS[first.kind]} from ${first.sender}`;
  return `Forward of ${items.map((i) => `M-${i.number}`).join(', ')} (${items.length} items consolidated)`;
}

function forwardLines(
  quote: ForwardQuote,
  items: Pick<MailItemRow, 'number' | 'kind' | 'sender'>[],
  to: string,
  service: string | null,
) {
  const subject = `${forwardSubject(items)} to ${to}`;
  return [
    invoiceLine(`${subject}: postage${service ? ` (${service})` : ''}`, quote.postageCents),
    ...(quote.signatureCents ? [invoiceLine(`${subject}: signature on delivery`, quote.signatureCents)] : []),
    invoiceLine(`${subject}: handling`, quote.handlingCents),
    ...(quote.insuranceCents ? [invoiceLine(`${subject}: insurance (declared value)`, quote.insuranceCents)] : []),
    ...(quote.consolidationCents
      ? [invoiceLine(`${subject}: consolidation of ${items.length} items`, quote.consolidationCents)]
      : []),
  ];
}

interface ForwardInput {
  holderId: string;
  itemId: string;
  itemIds: string[];
  request: Extract<CreateMailRequestInput, { type: 'forward' }>;
  issuerUserId: string | null;
  paymentRequestKey: string;
  /** The address forwarded to (the request's, or the one the rate was asked for). */
  address: ForwardAddressDto;
}

/**
 * The price of a booked rate: exactly what GET forward-rates showed for it (postage, handling, consolidation, the
 * signature and the declared value's insurance). Refused when the rate is not this customer's for these items, or
 * has expired (a retry of a booking already paid is answered before this is asked).
 */
async function bookedRate(
  tx: Db,
  input: ForwardInput,
  now: Date,
): Promise<{ estimate: ForwardQuote; forwardRate: BookedForwardRate | null; service: string | null }> {
  const request = input.request;
  const fail = (message: string) => validationFailed(message, { rateId: message });
  const [row] = await tx.select().from(mailForwardRates).where(eq(mailForwardRates.id, request.rateId!));
  if (
    !row ||
    row.userId !== input.holderId ||
    row.mailItemId !== input.itemId ||
    [...row.itemIds].sort().join() !== [...input.itemIds].sort().join()
  ) {
    throw fail(MAIL_MESSAGES.rateInvalid);
  }
  if (row.expiresAt.getTime() < now.getTime()) throw fail(MAIL_MESSAGES.rateExpired);
  const signatureCents = request.signature ? Math.max(0, row.signaturePostageCents - row.postageCents) : 0;
  const quote = {
    postageCents: row.postageCents,
    handlingCents: row.handlingCents,
    insuranceCents: forwardInsuranceCents(row.kind, request.declaredValueCents),
    consolidationCents: row.consolidationCents,
    ...(signatureCents ? { signatureCents } : {}),
  };
  const estimate = {
    ...quote,
    totalCents:
      quote.postageCents + quote.handlingCents + quote.insuranceCents + quote.consolidationCents + signatureCents,
  };
  const forwardRate: BookedForwardRate | null = row.rate
    ? {
        ...row.rate,
        signature: request.signature,
        postageCents: row.postageCents + signatureCents,
        costCents: request.signature ? row.signatureCostCents : row.costCents,
      }
    : null;
  return { estimate, forwardRate, service: row.rate ? carrierServiceName(row.rate.carrier, row.rate.service) : null };
}

/** Locks the items of a forward and checks each may still be forwarded (the same checks when paid and recorded). */
async function lockForwardItems(tx: Db, input: ForwardInput): Promise<MailItemRow[]> {
  const locked: MailItemRow[] = await tx
    .select()
    .from(mailItems)
    .where(and(inArray(mailItems.id, input.itemIds), eq(mailItems.userId, input.holderId)))
    .for('update');
  const primary = locked.find((i) => i.id === input.itemId);
  if (!primary || !requestAllowed(primary.kind, primary.status, 'forward') || primary.folder === 'trash') {
    throw conflict(REQUEST_MESSAGES.notAllowed(MAIL_REQUEST_TYPE_LABELS.forward));
  }
  const others = locked.filter((i) => i.id !== input.itemId);
  if (
    others.length !== input.itemIds.length - 1 ||
    others.some((i) => i.mailboxId !== primary.mailboxId || !requestAllowed(i.kind, i.status, 'forward') || i.purgedAt)
  ) {
    throw validationFailed(REQUEST_MESSAGES.consolidateInvalid, {
      consolidateItemIds: REQUEST_MESSAGES.consolidateInvalid,
    });
  }
  return [primary, ...others];
}

/**
 * A paid forward: priced from the items' weight and size, insurance by declared value, consolidation per item, when
 * the intent opens; the request and its paid invoice are written when the card's answer is recorded, after the
 * items are checked again (an item forwarded meanwhile undoes the purchase: the card is refunded).
 */
export const mailForwardPurpose: Purpose<ForwardInput> = {
  name: 'mail_forward',
  async open(tx, ctx, input) {
    const items = await lockForwardItems(tx, input);
    let priced: { estimate: ForwardQuote; forwardRate: BookedForwardRate | null; service: string | null };
    if (input.request.rateId) priced = await bookedRate(tx, input, ctx.now());
    else {
      const fee = await holderFees(tx, input.holderId);
      const estimate = forwardQuote(
        items.map((i) => ({ kind: i.kind, weightLb: i.weightLb, dimensions: itemDimensions(i) })),
        input.request.declaredValueCents,
        fee,
      );
      priced = { estimate, forwardRate: null, service: null };
    }
    const { estimate, forwardRate, service } = priced;
    const lines = forwardLines(estimate, items, `${input.address.city}, ${input.address.state}`, service);
    return {
      amountCents: estimate.totalCents,
      cardCents: estimate.totalCents,
      description: forwardSubject(items),
      payload: { ...input, estimate, lines, forwardRate, service },
      metadata: { category: 'mail_request' },
    };
  },
  async fulfil(tx, ctx, intent, { transaction }) {
    const input = intent.payload as unknown as ForwardInput & {
      estimate: ForwardQuote;
      lines: ReturnType<typeof forwardLines>;
      forwardRate?: BookedForwardRate | null;
      service?: string | null;
    };
    const now = ctx.now();
    const items = await lockForwardItems(tx, input);
    const primary = items[0]!;
    const invoice = await insertInvoice(tx, {
      userId: intent.userId,
      issuerUserId: input.issuerUserId,
      category: 'mail_request',
      lines: input.lines,
      currency: 'usd',
      status: 'paid',
      dueAt: now,
      paidAt: now,
    });
    if (transaction) await linkChargeToInvoice(tx, transaction.id, invoice.id);
    const [row] = await tx
      .insert(mailRequests)
      .values({
        mailItemId: primary.id,
        itemIds: input.itemIds,
        mailboxId: primary.mailboxId,
        userId: primary.userId,
        storeId: primary.storeId,
        type: 'forward',
        status: 'requested',
        // An intent opened before rates were booked kept the address on its request only.
        address: input.address ?? input.request.address ?? null,
        declaredValueCents: input.request.declaredValueCents,
        forwardRate: input.forwardRate ?? null,
        estimate: input.estimate,
        paidCents: input.estimate.totalCents,
        invoiceId: invoice.id,
        paymentRequestKey: input.paymentRequestKey,
        note: input.request.note ?? null,
        carrierService: input.service ?? input.request.service ?? null,
        events: [{ at: now.toISOString(), status: 'requested', byUserId: intent.userId }],
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: mailRequests.id });
    await tx
      .update(mailItems)
      .set({ status: ITEM_STATUS_BY_REQUEST.forward.open, openRequestId: row!.id, updatedAt: now })
      .where(inArray(mailItems.id, input.itemIds));
    await emitMailRequestUpdated(
      tx,
      {
        id: row!.id,
        userId: primary.userId,
        type: 'forward',
        mailItemId: primary.id,
        itemIds: input.itemIds,
        mailboxId: primary.mailboxId,
        storeId: primary.storeId,
      },
      { status: 'requested', at: now },
    );
    return { requestId: row!.id, invoiceId: invoice.id };
  },
};

/**
 * "Always junk this sender": a rule of the customer's (sender equals, junk), unless one already junks that sender.
 */
async function junkSenderRule(tx: Db, item: MailItemRow, now: Date): Promise<void> {
  const existing = await tx.select().from(mailRules).where(eq(mailRules.userId, item.userId));
  const same = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
  const already = existing.some(
    (r) =>
      r.action.type === 'junk' &&
      r.match.sender?.op === 'equals' &&
      same(r.match.sender.value) === same(item.sender) &&
      !r.match.kind &&
      !r.match.words,
  );
  if (already) return;
  await tx.insert(mailRules).values({
    userId: item.userId,
    name: `Always junk ${item.sender.trim()}`.slice(0, 80),
    match: { sender: { op: 'equals', value: item.sender.trim() } },
    action: { type: 'junk' },
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * POST mail-items/{id}/requests (the box holder): scan (uses one scan; NO_SCANS_LEFT when none are left),
 * forward (priced from weight and size, insurance by declared value, consolidation per item; paid at once with
 * the default card under the Idempotency-Key, so a retry is neither charged nor recorded twice), pickup (a
 * one-time passcode shown once and e-mailed), shred, junk (optionally "always for this sender").
 */
export async function createMailRequest(
  ctx: MailContext,
  me: Actor,
  itemId: string,
  input: CreateMailRequestInput,
  idempotencyKey: string | undefined,
): Promise<CreatedMailRequest> {
  const now = ctx.now();
  const { item, store } = await loadVisibleItem(ctx.db, me, itemId);
  const label = MAIL_REQUEST_TYPE_LABELS[input.type];
  const extraIds =
    input.type === 'forward' ? [...new Set(input.consolidateItemIds)].filter((id) => id !== item.id) : [];
  const itemIds = [item.id, ...extraIds];
  if (input.type === 'forward') {
    let address: ForwardAddressDto | undefined = input.address;
    if (input.rateId) {
      // The rate was asked for an address: the forward goes there (a different one needs new rates).
      const [offer] = await ctx.db
        .select({ address: mailForwardRates.address, userId: mailForwardRates.userId })
        .from(mailForwardRates)
        .where(eq(mailForwardRates.id, input.rateId));
      if (!offer || offer.userId !== me.userId) {
        throw validationFailed(MAIL_MESSAGES.rateInvalid, { rateId: MAIL_MESSAGES.rateInvalid });
      }
      if (input.address && JSON.stringify(sortedKeys(input.address)) !== JSON.stringify(sortedKeys(offer.address))) {
        throw validationFailed(RATE_ADDRESS_DIFFERS, { address: RATE_ADDRESS_DIFFERS });
      }
      address = offer.address;
    }
    if (!address) throw validationFailed(MAIL_MESSAGES.addressRequired, { address: MAIL_MESSAGES.addressRequired });
    const paymentRequestKey = `mail-forward:${me.userId}:${
      idempotencyKey ? `key:${idempotencyKey}` : `auto:${itemIds.join(',')}:${Math.floor(now.getTime() / 60_000)}`
    }`;
    const outcome = await charge(
      ctx,
      { userId: me.userId },
      {
        purpose: mailForwardPurpose,
        userId: me.userId,
        requestKey: paymentRequestKey,
        body: { itemId: item.id, ...input },
        input: {
          holderId: item.userId,
          itemId: item.id,
          itemIds,
          request: input,
          issuerUserId: store.ownerUserId,
          paymentRequestKey,
          address,
        },
      },
    );
    if (outcome.status === 'failed') throw paymentFailed(outcome.code, outcome.message);
    const requestId = outcome.result.requestId as string;
    return { request: toRequestDto(await loadVisibleRequest(ctx.db, me, requestId), now), passcode: null };
  }

  const passcode = input.type === 'pickup' ? newPasscode() : null;
  const id = await ctx.db.transaction(async (tx) => {
    const locked: MailItemRow[] = await tx
      .select()
      .from(mailItems)
      .where(and(inArray(mailItems.id, itemIds), eq(mailItems.userId, item.userId)))
      .for('update');
    const primary = locked.find((i) => i.id === item.id);
    if (!primary || !requestAllowed(primary.kind, primary.status, input.type) || primary.folder === 'trash') {
      throw conflict(REQUEST_MESSAGES.notAllowed(label));
    }
    if (input.type === 'scan') await useScan(tx, me.userId, now);
    if (input.type === 'junk' && input.alwaysForSender) await junkSenderRule(tx, item, now);
    const [row] = await tx
      .insert(mailRequests)
      .values({
        mailItemId: item.id,
        itemIds,
        mailboxId: item.mailboxId,
        userId: item.userId,
        storeId: item.storeId,
        type: input.type,
        status: 'requested',
        passcodeHash: passcode ? hashToken(passcode) : null,
        note: 'note' in input ? (input.note ?? null) : null,
        events: [{ at: now.toISOString(), status: 'requested', byUserId: me.userId }],
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: mailRequests.id });
    await tx
      .update(mailItems)
      .set({ status: ITEM_STATUS_BY_REQUEST[input.type].open, openRequestId: row!.id, updatedAt: now })
      .where(inArray(mailItems.id, itemIds));
    await emitMailRequestUpdated(
      tx,
      {
        id: row!.id,
        userId: item.userId,
        type: input.type,
        mailItemId: item.id,
        itemIds,
        mailboxId: item.mailboxId,
        storeId: item.storeId,
      },
      { status: 'requested', at: now },
    );
    // Queued with the request: the passcode e-mail exists exactly when the pickup request does.
    if (passcode) await sendPasscode({ ...ctx, db: tx }, me.userId, item, store, passcode, row!.id);
    return row!.id;
  });

  const request = toRequestDto(await loadVisibleRequest(ctx.db, me, id), now);
  return { request, passcode };
}

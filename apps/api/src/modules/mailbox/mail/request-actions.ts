import type { Actor } from '../../identity';
import { randomUUID } from 'node:crypto';
import type { MailRequest } from '@postwise/shared/mail-api';
import {
  ITEM_STATUS_BY_REQUEST,
  type MailRequestEvent as StateEvent,
  MailRequestTransitionError,
  type MailRequestStatus,
  carrierTrackingUrl,
  nextRequestStatus,
} from '@postwise/shared/mail';
import { formatCents } from '@postwise/shared/plans';
import {
  type CompleteMailRequestInput,
  MAIL_MESSAGES,
  type MailRequestQuoteInput,
} from '@postwise/shared/schemas/mail';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type MailRequestEvent, type MailRequestRow, mailItems, mailRequests } from '../schema/mail';
import { stores } from '../schema/stores';
import { conflict, validationFailed } from '../../../lib/errors';
import { insertInvoice, invoiceLine, charge, linkChargeToInvoice, paymentFailed, type Purpose } from '../../billing';
import { notify } from '../../platform';
import type { MailContext } from './mail-context';
import { authorizedIndividualName, loadVisibleRequest, mailboxOnHand, toRequestDto } from './mail-records';
import { notifyPickupLocked, pickupLocked, tryPasscode } from './pickup-passcode';
import { returnScan } from './scans';
import { queueTextRecognition } from './recognise-text';
import { emitMailItemScanned, emitMailRequestUpdated } from './webhook-events';

export const ACTION_MESSAGES = {
  quoteOnlyForward: 'Only a forward is quoted after packing.',
  scanFileRequired: 'Upload the contents scan as a PDF',
  carrierRequired: 'Carrier is required',
  trackingRequired: 'Tracking number is required.',
  shredConfirm: 'Confirm that the mail was shredded',
  pickupProof: 'Enter the passcode, or confirm the authorized individual showed their ID',
  passcodeWrong: 'The passcode does not match',
} as const;

function step(from: MailRequestStatus, event: StateEvent): MailRequestStatus {
  try {
    return nextRequestStatus(from, event);
  } catch (err) {
    if (err instanceof MailRequestTransitionError) throw conflict(err.message);
    throw err;
  }
}

/** Appends one entry to the request's timeline in SQL (the row is locked, so entries never interleave). */
function withEvent(_row: MailRequestRow, event: MailRequestEvent) {
  return sql`${mailRequests.events} || ${JSON.stringify([event])}::jsonb`;
}

/** Locks the request row for the rest of the caller's transaction. */
async function lockRequest(tx: Db, id: string): Promise<MailRequestRow> {
  const [row] = await tx.select().from(mailRequests).where(eq(mailRequests.id, id)).for('update');
  if (!row) throw conflict('Request not found');
  return row;
}

async function reload(ctx: MailContext, me: Actor, id: string): Promise<MailRequest> {
  return toRequestDto(await loadVisibleRequest(ctx.db, me, id), ctx.now());
}

/** POST mail-requests/{id}/cancel (the customer): only before the operator starts; money and scans come back. */
export async function cancelRequest(ctx: MailContext, me: Actor, id: string): Promise<MailRequest> {
  await loadVisibleRequest(ctx.db, me, id);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const row = await lockRequest(tx, id);
    const status = step(row.status, { type: 'cancel' });
    if (row.type === 'scan') await returnScan(tx, row.userId, now);
    await tx
      .update(mailRequests)
      .set({
        status,
        cancelledAt: now,
        // What was paid and not used is credited on the next mail usage invoice.
        refundCents: row.paidCents,
        extraDueCents: 0,
        events: withEvent(row, { at: now.toISOString(), status, byUserId: me.userId }),
        updatedAt: now,
      })
      .where(eq(mailRequests.id, id));
    await tx
      .update(mailItems)
      .set({
        status: sql`case when ${mailItems.contentScanKey} is null then 'received' else 'scanned' end`,
        openRequestId: null,
        updatedAt: now,
      })
      .where(inArray(mailItems.id, row.itemIds));
    await emitMailRequestUpdated(tx, row, { status, at: now });
  });
  return reload(ctx, me, id);
}

/** POST mail-requests/{id}/start (operator): work has begun; the customer can no longer cancel. */
export async function startRequest(ctx: MailContext, me: Actor, id: string): Promise<MailRequest> {
  await loadVisibleRequest(ctx.db, me, id);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const row = await lockRequest(tx, id);
    const status = step(row.status, { type: 'start' });
    await tx
      .update(mailRequests)
      .set({
        status,
        startedAt: row.startedAt ?? now,
        handledByUserId: me.userId,
        events: withEvent(row, { at: now.toISOString(), status, byUserId: me.userId }),
        updatedAt: now,
      })
      .where(eq(mailRequests.id, id));
    await emitMailRequestUpdated(tx, row, { status, at: now });
  });
  return reload(ctx, me, id);
}

/**
 * POST mail-requests/{id}/quote (operator, forward): the actual postage and handling after packing, plus the
 * insurance and consolidation already priced. Higher than paid: quote_pending, the customer is notified and must
 * approve (or cancel) before shipping. Lower: the difference is refunded as a credit on the next mail invoice.
 */
export async function quoteRequest(
  ctx: MailContext,
  me: Actor,
  id: string,
  input: MailRequestQuoteInput,
): Promise<MailRequest> {
  const visible = await loadVisibleRequest(ctx.db, me, id);
  if (visible.request.type !== 'forward') throw conflict(ACTION_MESSAGES.quoteOnlyForward);
  const now = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    const row = await lockRequest(tx, id);
    const fixed =
      (row.estimate?.insuranceCents ?? 0) +
      (row.estimate?.consolidationCents ?? 0) +
      (row.estimate?.signatureCents ?? 0);
    const quoteCents = input.postageCents + input.handlingCents + fixed;
    const higher = quoteCents > row.paidCents;
    const status = step(row.status, { type: 'quote', higher });
    const note = `Quote ${formatCents(quoteCents, { alwaysDecimals: true })} (paid ${formatCents(row.paidCents, { alwaysDecimals: true })})`;
    await tx
      .update(mailRequests)
      .set({
        status,
        quoteCents,
        extraDueCents: higher ? quoteCents - row.paidCents : 0,
        refundCents: higher ? 0 : row.paidCents - quoteCents,
        carrierService: input.carrierService ?? row.carrierService,
        packaging: input.packaging ?? row.packaging,
        startedAt: row.startedAt ?? now,
        handledByUserId: me.userId,
        events: withEvent(row, {
          at: now.toISOString(),
          status: 'quote',
          byUserId: me.userId,
          note: input.note ? `${note}: ${input.note}` : note,
        }),
        updatedAt: now,
      })
      .where(eq(mailRequests.id, id));
    if (input.weightLb !== undefined) {
      await tx
        .update(mailItems)
        .set({ weightLb: input.weightLb, updatedAt: now })
        .where(eq(mailItems.id, row.mailItemId));
    }
    await emitMailRequestUpdated(tx, row, { status, at: now, quoteCents });
    return { higher, quoteCents, paidCents: row.paidCents, userId: row.userId, itemId: row.mailItemId };
  });
  if (result.quoteCents !== result.paidCents) {
    const diff = formatCents(Math.abs(result.quoteCents - result.paidCents), { alwaysDecimals: true });
    await notify(
      ctx,
      {
        userId: result.userId,
        kind: 'quote_changed',
        title: result.higher ? 'Your forward costs more than quoted' : 'Your forward costs less than quoted',
        body: result.higher
          ? `After packing, the forward costs ${diff} more. Approve the new price or cancel the forward; nothing ships until you decide.`
          : `After packing, the forward costs ${diff} less. The difference is credited on your next mail invoice.`,
        link: `/inbox?item=${result.itemId}`,
        mailItemId: result.itemId,
        email: { actionLabel: result.higher ? 'Review the new price' : 'Open your inbox' },
      },
      now,
    );
  }
  return reload(ctx, me, id);
}

interface QuoteApproval {
  requestId: string;
  /** The quote approved: a newer quote is another approval. */
  quoteCents: number;
  issuerUserId: string | null;
}

/**
 * Approving a higher quote after packing: the difference is charged, then the request moves on (approve_quote) with
 * the paid invoice, if it still waits for exactly this quote.
 */
export const mailQuotePurpose: Purpose<QuoteApproval> = {
  name: 'mail_quote',
  async open(tx, _ctx, input) {
    const row = await lockRequest(tx, input.requestId);
    step(row.status, { type: 'approve_quote' });
    if (row.quoteCents !== input.quoteCents) throw conflict('The quote changed. Review the new price.');
    const [item] = await tx.select().from(mailItems).where(eq(mailItems.id, row.mailItemId));
    const subject = `Forward of M-${item?.number ?? '?'}${item ? `, from ${item.sender}` : ''}`;
    return {
      amountCents: row.extraDueCents,
      cardCents: row.extraDueCents,
      description: `${subject}: price difference after packing`,
      payload: {
        ...input,
        extraDueCents: row.extraDueCents,
        line: invoiceLine(`${subject}: actual postage and handling above the quote`, row.extraDueCents),
      },
      metadata: { category: 'mail_request' },
    };
  },
  async fulfil(tx, ctx, intent, { transaction }) {
    const payload = intent.payload as unknown as QuoteApproval & {
      extraDueCents: number;
      line: ReturnType<typeof invoiceLine>;
    };
    const now = ctx.now();
    const row = await lockRequest(tx, payload.requestId);
    const status = step(row.status, { type: 'approve_quote' });
    if (row.quoteCents !== payload.quoteCents || row.extraDueCents !== payload.extraDueCents) {
      throw conflict('The quote changed while it was being paid; the payment was refunded.');
    }
    const invoice = await insertInvoice(tx, {
      userId: intent.userId,
      issuerUserId: payload.issuerUserId,
      category: 'mail_request',
      lines: [payload.line],
      currency: 'usd',
      status: 'paid',
      dueAt: now,
      paidAt: now,
    });
    if (transaction) await linkChargeToInvoice(tx, transaction.id, invoice.id);
    await tx
      .update(mailRequests)
      .set({
        status,
        paidCents: row.paidCents + row.extraDueCents,
        extraDueCents: 0,
        events: withEvent(row, {
          at: now.toISOString(),
          status,
          byUserId: intent.userId,
          note: 'New price approved and paid',
        }),
        updatedAt: now,
      })
      .where(eq(mailRequests.id, row.id));
    await emitMailRequestUpdated(tx, row, { status, at: now, quoteCents: row.quoteCents });
    return { requestId: row.id, invoiceId: invoice.id };
  },
};

/** POST mail-requests/{id}/approve-quote (the customer): pays the difference with the default card. */
export async function approveQuote(
  ctx: MailContext,
  me: Actor,
  id: string,
  idempotencyKey: string | undefined,
): Promise<MailRequest> {
  const visible = await loadVisibleRequest(ctx.db, me, id);
  const [store] = await ctx.db.select().from(stores).where(eq(stores.id, visible.request.storeId));
  const quoteCents = visible.request.quoteCents ?? 0;
  const outcome = await charge(
    ctx,
    { userId: me.userId },
    {
      purpose: mailQuotePurpose,
      userId: visible.request.userId,
      // One approval per quoted amount: a retry (or double click) of the same approval is charged once.
      requestKey: `mail-quote:${id}:${quoteCents}${idempotencyKey ? `:${idempotencyKey}` : ''}`,
      body: { requestId: id, quoteCents },
      input: { requestId: id, quoteCents, issuerUserId: store?.ownerUserId ?? null },
    },
  );
  if (outcome.status === 'failed') throw paymentFailed(outcome.code, outcome.message);
  return reload(ctx, me, id);
}

/**
 * Spec 6: only the authorized individual may pick up without the one-time passcode. So without a passcode the
 * box must have an authorized individual on file and the operator must have checked their ID; with a passcode,
 * the passcode must be right, and too many wrong ones lock the pickup (PICKUP_LOCKED) until the customer issues
 * a new one (the customer is told).
 */
async function checkPickupProof(
  ctx: MailContext,
  visible: Awaited<ReturnType<typeof loadVisibleRequest>>,
  input: CompleteMailRequestInput,
  now: Date,
): Promise<void> {
  const fail = (field: string, message: string) => validationFailed(message, { [field]: message });
  if (input.passcode) {
    const outcome = await tryPasscode(ctx.db, visible.request.id, input.passcode, now);
    if (outcome === 'locked-now') {
      await notifyPickupLocked(ctx, visible.request, visible.item, now);
      throw pickupLocked();
    }
    if (outcome === 'locked') throw pickupLocked();
    if (outcome === 'wrong') throw fail('passcode', ACTION_MESSAGES.passcodeWrong);
    return; // right, or a request no longer open (the state machine refuses it next)
  }
  if (input.authorizedIndividualIdChecked !== true) throw fail('passcode', ACTION_MESSAGES.pickupProof);
  if (!authorizedIndividualName(visible.customer.authorizedIndividual)) {
    throw fail('passcode', MAIL_MESSAGES.passcodeRequiredNoAuthorized);
  }
}

/**
 * POST mail-requests/{id}/complete (operator): scan with the contents PDF; forward with outbound carrier and
 * tracking; shred once confirmed; pickup with the one-time passcode or, without it, the authorized individual
 * after an ID check (spec 6); junk. The items take their final status and stop accruing storage.
 */
export async function completeRequest(
  ctx: MailContext,
  me: Actor,
  id: string,
  input: CompleteMailRequestInput,
  scanPdf: Buffer | null,
): Promise<MailRequest> {
  const visible = await loadVisibleRequest(ctx.db, me, id);
  const type = visible.request.type;
  const fail = (field: string, message: string) => validationFailed(message, { [field]: message });
  if (type === 'scan' && !scanPdf) throw fail('media', ACTION_MESSAGES.scanFileRequired);
  if (type === 'forward' && !input.carrier) throw fail('carrier', ACTION_MESSAGES.carrierRequired);
  if (type === 'forward' && !input.trackingNumber) throw fail('trackingNumber', ACTION_MESSAGES.trackingRequired);
  if (type === 'shred' && input.confirmed !== true) throw fail('confirmed', ACTION_MESSAGES.shredConfirm);
  const now = ctx.now();
  if (type === 'pickup') await checkPickupProof(ctx, visible, input, now);

  // Written before the transaction, under a key of its own, and deleted again if the transaction fails: never a
  // scan pointing at nothing, and no file left by a refused completion.
  const scanKey = scanPdf
    ? `mail/${visible.request.mailboxId}/${visible.request.mailItemId}/contents-${randomUUID()}.pdf`
    : null;
  if (scanKey && scanPdf) await ctx.storage.put(scanKey, scanPdf, 'application/pdf');

  const done = ITEM_STATUS_BY_REQUEST[type].done;
  const row = await completeInTransaction().catch(async (err: unknown) => {
    if (scanKey) await ctx.storage.delete(scanKey).catch(() => undefined);
    throw err;
  });
  function completeInTransaction() {
    return ctx.db.transaction(async (tx) => {
      const locked = await lockRequest(tx, id);
      const status = step(locked.status, { type: 'complete' });
      await tx
        .update(mailRequests)
        .set({
          status,
          completedAt: now,
          startedAt: locked.startedAt ?? now,
          handledByUserId: me.userId,
          outboundCarrier: input.carrier ?? null,
          outboundTracking: input.trackingNumber ?? null,
          pickedUpBy: type === 'pickup' ? (input.passcode ? 'passcode' : 'authorized_individual') : null,
          events: withEvent(locked, {
            at: now.toISOString(),
            status,
            byUserId: me.userId,
            ...(input.note ? { note: input.note } : {}),
          }),
          updatedAt: now,
        })
        .where(eq(mailRequests.id, id));
      await tx
        .update(mailItems)
        .set({
          status: done,
          openRequestId: null,
          updatedAt: now,
          ...(scanKey ? { contentScanKey: scanKey } : {}),
          // A scan leaves the letter at the store; every other action ends its storage.
          ...(type === 'scan' ? {} : { storageEndedAt: now }),
        })
        .where(inArray(mailItems.id, locked.itemIds));
      await emitMailRequestUpdated(tx, locked, {
        status,
        at: now,
        outboundCarrier: input.carrier ?? null,
        outboundTracking: input.trackingNumber ?? null,
      });
      if (type === 'scan') {
        const [scanned] = await tx.select().from(mailItems).where(eq(mailItems.id, locked.mailItemId));
        if (scanned) await emitMailItemScanned(tx, locked.userId, scanned, locked.id, now);
      }
      // The scan's words are read in the background; the item is searchable by them once read.
      if (scanKey) await queueTextRecognition(tx, locked.mailItemId, 'scan', scanKey);
      return locked;
    });
  }
  mailboxOnHand.forget(visible.request.mailboxId);

  const item = visible.item;
  const messages: Record<typeof type, { title: string; body: string }> = {
    scan: {
      title: `Scan ready: ${item.sender}`,
      body: `The contents of M-${item.number} from ${item.sender} are scanned. Open the PDF in your inbox.`,
    },
    forward: {
      title: 'Your mail is on its way',
      body: `M-${item.number} from ${item.sender} was forwarded with ${input.carrier}, tracking ${input.trackingNumber}.`,
    },
    pickup: { title: 'Mail picked up', body: `M-${item.number} from ${item.sender} was picked up at the store.` },
    shred: { title: 'Mail shredded', body: `M-${item.number} from ${item.sender} was shredded securely.` },
    junk: { title: 'Mail recycled', body: `M-${item.number} from ${item.sender} was recycled.` },
  };
  const trackUrl = type === 'forward' ? carrierTrackingUrl(input.carrier ?? null, input.trackingNumber ?? null) : null;
  await notify(
    ctx,
    {
      userId: row.userId,
      kind: type === 'scan' ? 'scan_ready' : 'request_completed',
      ...messages[type],
      link: `/inbox?item=${row.mailItemId}`,
      mailItemId: row.mailItemId,
      email: trackUrl
        ? {
            paragraphs: [messages.forward.body, `Track it with ${input.carrier}: ${trackUrl}`],
            actionLabel: 'Track your parcel',
            actionUrl: trackUrl,
          }
        : { actionLabel: type === 'scan' ? 'Open the scan' : 'Open your inbox' },
    },
    now,
  );
  return reload(ctx, me, id);
}

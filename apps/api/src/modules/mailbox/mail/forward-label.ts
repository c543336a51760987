import type { Actor } from '../../identity';
import { randomUUID } from 'node:crypto';
import type { ForwardTracking, MailRequest } from '@postwise/shared/mail-api';
import {
  ITEM_STATUS_BY_REQUEST,
  MailRequestTransitionError,
  carrierServiceName,
  carrierTrackingUrl,
  forwardParcel,
  nextRequestStatus,
} from '@postwise/shared/mail';
import type { Address } from '@postwise/shared/schemas/shipping';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { FileStorage } from '../../../integrations/storage/file-storage';
import { appError, conflict, notFound } from '../../../lib/errors';
import { charge, type Purpose } from '../../billing';
import { notify, type NotifyContext } from '../../platform';
import {
  type AcquiredParcelLabel,
  buyParcelLabel,
  type CarrierRegistry,
  findParcelLabel,
  parcelLabelFile,
  type ParcelLabelSale,
  type ParcelRequest,
  parcelTracking,
  type QuoteContext,
  rateParcel,
  recordParcelShipment,
  voidParcelLabel,
} from '../../shipping';
import { type MailRequestRow, mailItems, mailRequests } from '../schema/mail';
import { stores } from '../schema/stores';
import { shippingAddressOf, storeSender } from './forward-rates';
import type { MailContext } from './mail-context';
import { itemDimensions, loadVisibleRequest, mailboxOnHand, toRequestDto } from './mail-records';
import { emitMailRequestUpdated } from './webhook-events';

export const FORWARD_LABEL_MESSAGES = {
  onlyForward: 'Only a forward has an outbound label.',
  cannotRate:
    'No carrier label can be bought for this forward (no measured weight, or an address carriers cannot rate). Ship it by hand and complete it with the carrier and tracking number.',
  serviceGone: (service: string) =>
    `${service} is not offered for this parcel right now. Try again later, or ship it by hand and complete it with the carrier and tracking number.`,
  notOpen: 'This forward is no longer open.',
} as const;

interface ForwardLabelInput {
  requestId: string;
  operatorUserId: string;
  sale: ParcelLabelSale;
}

interface Deps {
  carriers: CarrierRegistry;
  storage: FileStorage;
  /** The customer's "on its way" notice (and its e-mail) is written with the label, in its transaction. */
  notify: Omit<NotifyContext, 'db'>;
}

function status(from: MailRequestRow['status']) {
  try {
    return nextRequestStatus(from, { type: 'complete' });
  } catch (err) {
    if (err instanceof MailRequestTransitionError) throw conflict(err.message);
    throw err;
  }
}

const labelReference = (intent: { id: string; attempts: number }) => `${intent.id}#${intent.attempts}`;

/**
 * The outbound label of a forward (the operator's one click): the customer paid the postage with the forward, so
 * nothing goes on a card; the ledger buys the carrier's label with no transaction open, then records the shipment
 * (the store owner's, as the buyer of the postage), completes the forward with its carrier and tracking, and queues
 * the customer's "on its way" e-mail with the tracking link, in one transaction. A label bought for a forward that
 * can no longer ship (cancelled meanwhile) is voided.
 */
export function forwardLabelPurpose(deps: Deps): Purpose<ForwardLabelInput> {
  const labelCtx = (ctx: { db: Db; log: MailContext['log']; now: () => Date }) => ({
    db: ctx.db,
    carriers: deps.carriers,
    storage: deps.storage,
    log: ctx.log,
    now: ctx.now,
  });
  const saleOf = (payload: unknown) => (payload as ForwardLabelInput).sale;
  return {
    name: 'mail_forward_label',
    async open(tx, _ctx, input) {
      const [row] = await tx.select().from(mailRequests).where(eq(mailRequests.id, input.requestId)).for('update');
      if (!row || row.type !== 'forward') throw conflict(FORWARD_LABEL_MESSAGES.onlyForward);
      if (row.shipmentId) return { done: { requestId: row.id, shipmentId: row.shipmentId } };
      status(row.status);
      return {
        amountCents: input.sale.rate.costCents,
        cardCents: 0,
        description: `Forward label: ${carrierServiceName(input.sale.rate.carrier, input.sale.rate.service)}`,
        payload: { ...input },
        metadata: { category: 'mail_request' },
      };
    },
    async acquire(ctx, intent) {
      return { ...(await buyParcelLabel(labelCtx(ctx), saleOf(intent.payload), labelReference(intent))) };
    },
    async findAcquired(ctx, intent) {
      const label = await findParcelLabel(labelCtx(ctx), saleOf(intent.payload), labelReference(intent));
      return label ? { ...label } : null;
    },
    async release(ctx, intent, acquired) {
      return voidParcelLabel(labelCtx(ctx), saleOf(intent.payload), acquired as unknown as AcquiredParcelLabel);
    },
    async fulfil(tx, ctx, intent, { acquired }) {
      const input = intent.payload as unknown as ForwardLabelInput;
      const label = acquired as unknown as AcquiredParcelLabel;
      const now = ctx.now();
      const [row] = await tx.select().from(mailRequests).where(eq(mailRequests.id, input.requestId)).for('update');
      if (!row) throw conflict(FORWARD_LABEL_MESSAGES.notOpen);
      const next = status(row.status);
      const [store] = await tx.select().from(stores).where(eq(stores.id, row.storeId));
      const shipment = await recordParcelShipment(tx, now, {
        ownerUserId: store!.ownerUserId,
        sale: input.sale,
        label,
        priceCents: row.forwardRate?.postageCents ?? row.estimate?.postageCents ?? label.costCents,
      });
      const carrier = input.sale.rate.carrier;
      const tracking = label.trackingNumber;
      await tx
        .update(mailRequests)
        .set({
          status: next,
          completedAt: now,
          startedAt: row.startedAt ?? now,
          handledByUserId: input.operatorUserId,
          outboundCarrier: carrier,
          outboundTracking: tracking,
          carrierService: carrierServiceName(carrier, input.sale.rate.service),
          shipmentId: shipment.id,
          events: sql`${mailRequests.events} || ${JSON.stringify([
            {
              at: now.toISOString(),
              status: next,
              byUserId: input.operatorUserId,
              note: `Label bought: ${carrierServiceName(carrier, input.sale.rate.service)}, tracking ${tracking}`,
            },
          ])}::jsonb`,
          updatedAt: now,
        })
        .where(eq(mailRequests.id, row.id));
      await tx
        .update(mailItems)
        .set({ status: ITEM_STATUS_BY_REQUEST.forward.done, openRequestId: null, storageEndedAt: now, updatedAt: now })
        .where(inArray(mailItems.id, row.itemIds));
      await emitMailRequestUpdated(tx, row, {
        status: next,
        at: now,
        outboundCarrier: carrier,
        outboundTracking: tracking,
      });
      const [item] = await tx.select().from(mailItems).where(eq(mailItems.id, row.mailItemId));
      const trackUrl = carrierTrackingUrl(carrier, tracking);
      const body = `M-${item?.number ?? ''} from ${item?.sender ?? 'your mailbox'} was forwarded with ${carrier}, tracking ${tracking}.`;
      // The same notice as a forward completed by hand; queued with the label, so it exists exactly when it does.
      await notify(
        { ...deps.notify, hub: undefined, db: tx },
        {
          userId: row.userId,
          kind: 'request_completed',
          title: 'Your mail is on its way',
          body,
          link: `/inbox?item=${row.mailItemId}`,
          mailItemId: row.mailItemId,
          email: trackUrl
            ? {
                paragraphs: [body, `Track it with ${carrier}: ${trackUrl}`],
                actionLabel: 'Track your parcel',
                actionUrl: trackUrl,
              }
            : { actionLabel: 'Open your inbox' },
        },
        now,
      );
      return { requestId: row.id, shipmentId: shipment.id };
    },
  };
}

/** The parcel of a forward as it was booked, or as its items and address make it now (a formula-priced forward). */
async function parcelOf(db: Db, row: MailRequestRow): Promise<ParcelRequest | null> {
  const booked = row.forwardRate;
  if (booked) {
    return {
      sender: booked.sender as unknown as Address,
      receiver: booked.receiver as unknown as Address,
      parcel: booked.parcel,
      signature: booked.signature,
    };
  }
  const [store] = await db.select().from(stores).where(eq(stores.id, row.storeId));
  const items = await db.select().from(mailItems).where(inArray(mailItems.id, row.itemIds));
  const parcel = forwardParcel(items.map((i) => ({ weightLb: i.weightLb, dimensions: itemDimensions(i) })));
  const sender = store ? storeSender(store) : null;
  const receiver = row.address ? shippingAddressOf(row.address) : null;
  if (!parcel || !sender || !receiver) return null;
  return { sender, receiver, parcel, signature: (row.estimate?.signatureCents ?? 0) > 0 };
}

export type ForwardLabelContext = MailContext & { quote: QuoteContext; carriers: CarrierRegistry };

/**
 * POST mail-requests/{id}/buy-label (an operator of the request's store): buys the outbound label of a forward in
 * one click — the booked carrier service, rated again for a current carrier rate (a formula-priced forward gets
 * the cheapest service) — then the forward is complete with its tracking and the customer is e-mailed the link. A
 * second click answers the first label.
 */
export async function buyForwardLabel(ctx: ForwardLabelContext, me: Actor, id: string): Promise<MailRequest> {
  const visible = await loadVisibleRequest(ctx.db, me, id);
  const row = visible.request;
  if (row.type !== 'forward') throw conflict(FORWARD_LABEL_MESSAGES.onlyForward);
  if (!row.shipmentId) {
    status(row.status);
    const request = await parcelOf(ctx.db, row);
    if (!request) throw conflict(FORWARD_LABEL_MESSAGES.cannotRate);
    const rates = await rateParcel(ctx.quote, row.userId, request);
    const booked = row.forwardRate;
    const rate = booked ? rates.find((r) => r.carrier === booked.carrier && r.service === booked.service) : rates[0];
    if (!rate) {
      throw conflict(
        FORWARD_LABEL_MESSAGES.serviceGone(booked ? carrierServiceName(booked.carrier, booked.service) : 'A carrier'),
      );
    }
    const [store] = await ctx.db.select().from(stores).where(eq(stores.id, row.storeId));
    const outcome = await charge(ctx, me, {
      purpose: forwardLabelPurpose({ carriers: ctx.carriers, storage: ctx.storage, notify: ctx }),
      // The store's owner buys the postage: one payer whoever of its operators clicks, so a second click replays.
      userId: store!.ownerUserId,
      requestKey: `mail-forward-label:${row.id}`,
      body: { requestId: row.id },
      input: {
        requestId: row.id,
        operatorUserId: me.userId,
        sale: {
          shipmentId: randomUUID(),
          request,
          rate: {
            provider: rate.provider,
            carrier: rate.carrier,
            service: rate.service,
            category: rate.category,
            retailCents: rate.retailCents,
            costCents: rate.costCents,
            transitDays: rate.transitDays,
            deliveryDate: rate.deliveryDate,
            providerRef: rate.providerRef,
          },
        },
      },
    });
    if (outcome.status === 'failed') {
      throw outcome.code === 'CONFLICT' ? conflict(outcome.message) : appError('SERVICE_UNAVAILABLE', outcome.message);
    }
    mailboxOnHand.forget(row.mailboxId);
  }
  return loadRequestWithTracking(ctx.db, me, id, ctx.now());
}

/** GET mail-requests/{id}: the request, with the outbound parcel's tracking once its label is bought. */
export async function loadRequestWithTracking(db: Db, me: Actor, id: string, now: Date): Promise<MailRequest> {
  const visible = await loadVisibleRequest(db, me, id);
  const dto = toRequestDto(visible, now);
  const shipmentId = visible.request.shipmentId;
  const found = shipmentId ? await parcelTracking(db, shipmentId) : null;
  const tracking: ForwardTracking | null = found
    ? { ...found, trackingUrl: carrierTrackingUrl(found.carrier, found.trackingNumber) }
    : null;
  return { ...dto, tracking };
}

export const NO_LABEL_YET = 'No label has been bought for this forward.';

/** GET mail-requests/{id}/label (operators of its store): the forward's outbound label, to print. */
export async function forwardLabelFile(
  ctx: ForwardLabelContext,
  me: Actor,
  id: string,
  format: 'pdf' | 'zpl',
): Promise<{ body: Buffer; contentType: string; fileName: string }> {
  const visible = await loadVisibleRequest(ctx.db, me, id);
  const shipmentId = visible.request.shipmentId;
  const file = shipmentId
    ? await parcelLabelFile(
        { db: ctx.db, storage: ctx.storage, carriers: ctx.carriers, log: ctx.log },
        shipmentId,
        format,
      )
    : null;
  if (!file) throw notFound(NO_LABEL_YET);
  return file;
}

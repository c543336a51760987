import type { Db } from '../../../db/client';
import type { MailRequestRow } from '../schema/mail';
import { emitWebhookEvent } from '../../platform';

/** The parts of a mail item a webhook tells (what the customer's inbox shows, no files). */
export interface WebhookMailItem {
  id: string;
  number: number;
  kind: string;
  sender: string;
  carrier: string | null;
  trackingNumber: string | null;
  status: string;
  mailboxId: string;
  storeId: string;
  receivedAt: Date;
}

function itemData(item: WebhookMailItem) {
  return {
    mailItem: {
      id: item.id,
      number: item.number,
      kind: item.kind,
      sender: item.sender,
      carrier: item.carrier,
      trackingNumber: item.trackingNumber,
      status: item.status,
      mailboxId: item.mailboxId,
      storeId: item.storeId,
      receivedAt: item.receivedAt.toISOString(),
    },
  };
}

/** mail_item.received, in the intake's transaction. */
export async function emitMailItemReceived(tx: Db, userId: string, item: WebhookMailItem) {
  await emitWebhookEvent(tx, {
    userId,
    type: 'mail_item.received',
    data: itemData(item),
    created: item.receivedAt,
  });
}

/** mail_item.scanned, in the transaction that completes the scan request. */
export async function emitMailItemScanned(tx: Db, userId: string, item: WebhookMailItem, requestId: string, at: Date) {
  await emitWebhookEvent(tx, {
    userId,
    type: 'mail_item.scanned',
    data: { ...itemData({ ...item, status: 'scanned' }), mailRequestId: requestId },
    created: at,
  });
}

/** mail_request.updated: the request as it is after the change, in the change's transaction. */
export async function emitMailRequestUpdated(
  tx: Db,
  row: Pick<MailRequestRow, 'id' | 'userId' | 'type' | 'mailItemId' | 'itemIds' | 'mailboxId' | 'storeId'>,
  change: {
    status: string;
    at: Date;
    outboundCarrier?: string | null;
    outboundTracking?: string | null;
    quoteCents?: number | null;
  },
) {
  await emitWebhookEvent(tx, {
    userId: row.userId,
    type: 'mail_request.updated',
    data: {
      mailRequest: {
        id: row.id,
        type: row.type,
        status: change.status,
        mailItemId: row.mailItemId,
        mailItemIds: row.itemIds,
        mailboxId: row.mailboxId,
        storeId: row.storeId,
        outboundCarrier: change.outboundCarrier ?? null,
        outboundTracking: change.outboundTracking ?? null,
        quoteCents: change.quoteCents ?? null,
        updatedAt: change.at.toISOString(),
      },
    },
    created: change.at,
  });
}

import { type Actor, profiles, type UserRow, users } from '../../identity';
import { allows, type CapabilityName } from '@postwise/shared/capabilities';
import type { MailItem, MailRequest, MailboxSummary } from '@postwise/shared/mail-api';
import { formatMailboxAddress, mailboxDisplayStatus, pmbDesignation, trashPurgeAt } from '@postwise/shared/mail';
import { type Placeholder, type SQL, and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { type MailItemRow, type MailRequestRow, mailItems, mailRequests } from '../schema/mail';
import { type MailboxRow, mailboxes } from '../schema/mailboxes';
import { type StoreRow, stores } from '../schema/stores';
import { forbidden, notFound } from '../../../lib/errors';
import { rowFigures } from '../../../db/row-figures';
import type { PhotoLinks } from './photo-thumbnails';
import { freeDaysLeftInZone, storageDaysAccruedInZone, zonedStorageDaysSql } from './storage-clock';

/**
 * Reading mail records and who may see them. Operators: the super admin every store, a sub-admin the stores they
 * own. Customers: their own mailbox only. Lists apply the same rule in SQL.
 */

/** What the shared audience table says of this viewer (role decides for mail; see packages/shared/src/capabilities.ts). */
function may(me: Actor, name: CapabilityName): boolean {
  return allows({ role: me.role, accountType: null, configurationUnlocked: true }, name);
}

export function isOperator(me: Actor): boolean {
  return may(me, 'mailbox.admin');
}

/** SQL filter on a store id column: every store for the super admin, the sub-admin's own stores otherwise. */
export function operatorStoreFilter(me: Actor, storeColumn: AnyPgColumn): SQL | undefined {
  if (may(me, 'stores.all')) return undefined;
  return ownStores(storeColumn, me.userId);
}

/** The stores a sub-admin owns, with the owner as the placeholder `viewerId` (for prepared lists). */
export function ownStoresPrepared(storeColumn: AnyPgColumn): SQL {
  return ownStores(storeColumn, sql.placeholder('viewerId'));
}

function ownStores(storeColumn: AnyPgColumn, ownerId: string | Placeholder): SQL {
  return sql`${storeColumn} in (select ${stores.id} from ${stores} where ${stores.ownerUserId} = ${ownerId})`;
}

/** Every store's mail is the viewer's to operate ('stores.all': the super admin). */
export function operatesEveryStore(me: Actor): boolean {
  return may(me, 'stores.all');
}

export function operatorOwnsStore(me: Actor, store: Pick<StoreRow, 'ownerUserId'>): boolean {
  return operatesEveryStore(me) || (isOperator(me) && store.ownerUserId === me.userId);
}

export function mailboxPmb(store: Pick<StoreRow, 'pmbPrefix'>, mailbox: Pick<MailboxRow, 'pmbNumber'>): string {
  return pmbDesignation(store.pmbPrefix, mailbox.pmbNumber);
}

const API = '/api/v1';

/**
 * The columns an item's DTO shows: not its owner, store, audit stamps or storage keys (only whether photos and a
 * scan exist). A list page maps ten of these rows, so what is not read is neither sent nor parsed.
 */
const ITEM_DTO_COLUMNS = {
  id: mailItems.id,
  number: mailItems.number,
  mailboxId: mailItems.mailboxId,
  kind: mailItems.kind,
  sender: mailItems.sender,
  carrier: mailItems.carrier,
  trackingNumber: mailItems.trackingNumber,
  weightLb: mailItems.weightLb,
  lengthIn: mailItems.lengthIn,
  widthIn: mailItems.widthIn,
  heightIn: mailItems.heightIn,
  message: mailItems.message,
  photoCount: sql<number>`jsonb_array_length(${mailItems.photoKeys})`,
  hasScan: sql<boolean>`(${mailItems.contentScanKey} is not null)`,
  status: mailItems.status,
  folder: mailItems.folder,
  receivedAt: mailItems.receivedAt,
  freeUntil: mailItems.freeUntil,
  storageDailyFeeCents: mailItems.storageDailyFeeCents,
  receivingFeeCents: mailItems.receivingFeeCents,
  storageEndedAt: mailItems.storageEndedAt,
  trashedAt: mailItems.trashedAt,
  ruleId: mailItems.ruleId,
  ruleName: mailItems.ruleName,
  envelopeRead: sql<boolean>`(${mailItems.envelopeText} is not null)`,
  scanRead: sql<boolean>`(${mailItems.scanText} is not null)`,
};

/**
 * Marks around the searched words in ts_headline's answer. Control characters never occur in read text
 * (cleanRecognisedText), so the answer splits on them unambiguously into plain parts (no HTML is ever made).
 */
const MATCH_START = '\u0002';
const MATCH_END = '\u0003';
const HEADLINE_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=18, MinWords=6, MaxFragments=2, FragmentDelimiter=" … "`;

/** The words of a search as a query of the English configuration (websearch syntax: words, "phrases", -not, or). */
export function recognisedTextQuery(search: SQL | Placeholder | string): SQL {
  return sql`websearch_to_tsquery('english'::regconfig, ${search})`;
}

/** The item's read text matches the search (GIN index mail_items_recognised_text_search_idx). */
export function recognisedTextMatches(query: SQL): SQL {
  return sql`${mailItems.recognisedTextSearch} @@ ${query}`;
}

/** Where the search matched (the scan first) and the words around it, marked; null when only the sender matched. */
function searchMatchColumns(query: SQL | undefined) {
  if (!query) return { matchSource: sql<string | null>`null`, matchHeadline: sql<string | null>`null` };
  const inScan = sql`(${mailItems.scanText} is not null and to_tsvector('english'::regconfig, ${mailItems.scanText}) @@ ${query})`;
  return {
    matchSource: sql<string | null>`case when ${recognisedTextMatches(query)} then
      case when ${inScan} then 'scan' else 'envelope' end end`,
    matchHeadline: sql<string | null>`case when ${recognisedTextMatches(query)} then
      ts_headline('english'::regconfig,
        case when ${inScan} then ${mailItems.scanText} else ${mailItems.envelopeText} end,
        ${query}, ${HEADLINE_OPTIONS}) end`,
  };
}

/** ts_headline's marked text as parts, the searched words flagged. */
export function headlineParts(headline: string): { text: string; match: boolean }[] {
  const parts: { text: string; match: boolean }[] = [];
  const pieces = headline.split(MATCH_START).flatMap((piece) => piece.split(MATCH_END));
  for (const [index, piece] of pieces.entries()) {
    if (piece) parts.push({ text: piece.replace(/\s+/g, ' '), match: index % 2 === 1 });
  }
  return parts;
}

/** An item's measured dimensions, or null unless all three were entered. */
export function itemDimensions(i: Pick<MailItemRow, 'lengthIn' | 'widthIn' | 'heightIn'>): MailItem['dimensions'] {
  return i.lengthIn !== null && i.widthIn !== null && i.heightIn !== null
    ? { lengthIn: i.lengthIn, widthIn: i.widthIn, heightIn: i.heightIn }
    : null;
}

/**
 * Items with their PMB and the open request (one left join each, on primary keys); with a search's query, also
 * where it matched the read text and the words around it.
 */
export function selectItems(db: Db, searchQuery?: SQL) {
  return db
    .select({
      item: ITEM_DTO_COLUMNS,
      ...searchMatchColumns(searchQuery),
      pmbPrefix: stores.pmbPrefix,
      timeZone: stores.timeZone,
      pmbNumber: mailboxes.pmbNumber,
      requestId: mailRequests.id,
      requestType: mailRequests.type,
      requestStatus: mailRequests.status,
    })
    .from(mailItems)
    .innerJoin(mailboxes, eq(mailboxes.id, mailItems.mailboxId))
    .innerJoin(stores, eq(stores.id, mailItems.storeId))
    .leftJoin(mailRequests, eq(mailRequests.id, mailItems.openRequestId));
}

export type ItemJoinRow = Awaited<ReturnType<ReturnType<typeof selectItems>['where']>>[number];

export function mapItemRow(now: Date, links: PhotoLinks) {
  return (row: ItemJoinRow): MailItem => {
    const i = row.item;
    return {
      id: i.id,
      number: i.number,
      mailboxId: i.mailboxId,
      pmb: pmbDesignation(row.pmbPrefix, row.pmbNumber),
      kind: i.kind,
      sender: i.sender,
      carrier: i.carrier,
      trackingNumber: i.trackingNumber,
      weightLb: i.weightLb,
      dimensions: itemDimensions(i),
      message: i.message,
      status: i.status,
      folder: i.folder,
      receivedAt: i.receivedAt.toISOString(),
      freeUntil: i.freeUntil.toISOString(),
      freeDaysLeft: freeDaysLeftInZone(i, now, row.timeZone),
      feeAccruedCents: i.receivingFeeCents + storageDaysAccruedInZone(i, now, row.timeZone) * i.storageDailyFeeCents,
      storageDailyFeeCents: i.storageDailyFeeCents,
      photoUrls: Array.from({ length: i.photoCount }, (_, index) => `${API}/mail-items/${i.id}/photos/${index}`),
      photoThumbnailUrls: Array.from({ length: i.photoCount }, (_, index) => links.thumbnailUrl(i.id, index)),
      scanUrl: i.hasScan ? `${API}/mail-items/${i.id}/scan` : null,
      scanPreviewUrl: i.hasScan ? links.scanPreviewUrl(i.id) : null,
      trashedAt: i.trashedAt?.toISOString() ?? null,
      purgeAt: i.trashedAt && i.folder === 'trash' ? trashPurgeAt(i.trashedAt).toISOString() : null,
      openRequest:
        row.requestId && row.requestType && row.requestStatus
          ? { id: row.requestId, type: row.requestType, status: row.requestStatus }
          : null,
      rule: i.ruleName ? { id: i.ruleId, name: i.ruleName } : null,
      searchable: { envelope: i.envelopeRead, scan: i.scanRead },
      ...(row.matchHeadline !== null && (row.matchSource === 'scan' || row.matchSource === 'envelope')
        ? { searchMatch: { source: row.matchSource, parts: headlineParts(row.matchHeadline) } }
        : {}),
    };
  };
}

/**
 * A mail item the viewer may see: the box holder, or an operator of the item's store. Another customer's item
 * answers 404 (a customer learns nothing about other boxes); an operator outside the store gets 403.
 */
export async function loadVisibleItem(db: Db, me: Actor, id: string): Promise<{ item: MailItemRow; store: StoreRow }> {
  const [row] = await db
    .select({ item: mailItems, store: stores })
    .from(mailItems)
    .innerJoin(stores, eq(stores.id, mailItems.storeId))
    .where(eq(mailItems.id, id))
    .limit(1);
  if (!row || row.item.purgedAt) throw notFound('Mail item not found');
  if (!isOperator(me)) {
    if (row.item.userId !== me.userId) throw notFound('Mail item not found');
    return row;
  }
  if (!operatorOwnsStore(me, row.store)) throw forbidden();
  return row;
}

export async function loadItemDto(db: Db, id: string, now: Date, links: PhotoLinks): Promise<MailItem> {
  const [row] = await selectItems(db).where(eq(mailItems.id, id)).limit(1);
  if (!row) throw notFound('Mail item not found');
  return mapItemRow(now, links)(row);
}

/** What was read from the item's envelope and scan (GET mail-items/{id} only: the texts can be long). */
export async function loadRecognisedText(db: Db, itemId: string): Promise<NonNullable<MailItem['recognisedText']>> {
  const [row] = await db
    .select({ envelope: mailItems.envelopeText, scan: mailItems.scanText })
    .from(mailItems)
    .where(eq(mailItems.id, itemId));
  return { envelope: row?.envelope ?? null, scan: row?.scan ?? null };
}

/**
 * The item's newest request, finished or not (GET mail-items/{id} only): a completed forward clears the item's
 * open request, yet its holder still wants the timeline and tracking. Answered by mail_requests_item_created_idx.
 */
export async function loadLastRequestRef(db: Db, itemId: string): Promise<MailItem['openRequest']> {
  const [row] = await db
    .select({ id: mailRequests.id, type: mailRequests.type, status: mailRequests.status })
    .from(mailRequests)
    .where(eq(mailRequests.mailItemId, itemId))
    .orderBy(desc(mailRequests.createdAt))
    .limit(1);
  return row ?? null;
}

/** The mailbox of an operator's store with its store, holder and approval state: 404 / 403 like stores. */
export async function loadOperatorMailbox(db: Db, me: Actor, id: string) {
  const [row] = await db
    .select({ mailbox: mailboxes, store: stores, holder: users, profileStatus: profiles.mailboxStatus })
    .from(mailboxes)
    .innerJoin(stores, eq(stores.id, mailboxes.storeId))
    .innerJoin(users, eq(users.id, mailboxes.userId))
    .leftJoin(profiles, eq(profiles.userId, mailboxes.userId))
    .where(eq(mailboxes.id, id))
    .limit(1);
  if (!row) throw notFound('Mailbox not found');
  if (!operatorOwnsStore(me, row.store)) throw forbidden();
  return row;
}

/** The mailbox columns a summary shows (the operator's list reads only these). */
export const MAILBOX_SUMMARY_COLUMNS = {
  mailbox: {
    id: mailboxes.id,
    pmbNumber: mailboxes.pmbNumber,
    status: mailboxes.status,
    mailboxType: mailboxes.mailboxType,
    names: mailboxes.names,
    openedAt: mailboxes.openedAt,
    closedAt: mailboxes.closedAt,
  },
  store: {
    id: stores.id,
    name: stores.name,
    address1: stores.address1,
    address2: stores.address2,
    city: stores.city,
    state: stores.state,
    zip: stores.zip,
    pmbPrefix: stores.pmbPrefix,
  },
};

export type SummaryMailbox = Pick<MailboxRow, keyof (typeof MAILBOX_SUMMARY_COLUMNS)['mailbox']>;
export type SummaryStore = Pick<StoreRow, keyof (typeof MAILBOX_SUMMARY_COLUMNS)['store']>;

export function mailboxSummary(
  row: {
    mailbox: SummaryMailbox;
    store: SummaryStore;
    holder: Pick<UserRow, 'id' | 'fullName' | 'email'>;
    profileStatus: string | null;
    itemsOnHand: number;
    feesAccruedCents: number;
  },
  now: Date,
): MailboxSummary {
  const m = row.mailbox;
  return {
    id: m.id,
    pmbNumber: m.pmbNumber,
    pmb: mailboxPmb(row.store, m),
    status: mailboxDisplayStatus(m.status, m.closedAt, now),
    mailboxType: m.mailboxType,
    holder: { id: row.holder.id, fullName: row.holder.fullName, email: row.holder.email },
    names: m.names,
    store: { id: row.store.id, name: row.store.name },
    address: formatMailboxAddress({
      name: m.names[0] || row.holder.fullName,
      store: row.store,
      pmbPrefix: row.store.pmbPrefix,
      pmbNumber: m.pmbNumber,
    }),
    isApproved: row.profileStatus === 'active',
    itemsOnHand: Number(row.itemsOnHand),
    feesAccruedCents: Number(row.feesAccruedCents),
    openedAt: m.openedAt.toISOString(),
    closedAt: m.closedAt?.toISOString() ?? null,
  };
}

/** Items still at the store (not gone, not purged) and their fees so far, per mailbox, as correlated subqueries. */
/**
 * An item's fee so far: receiving fees plus each storage day started after the free period (feeAccruedCents),
 * the days counted on its store's calendar (storage-clock.ts).
 */
function itemFeeSql(now: Date) {
  const zone = sql`(select zone_store.time_zone from ${stores} zone_store where zone_store.id = ${mailItems.storeId})`;
  const days = zonedStorageDaysSql(sql`${now.toISOString()}::timestamptz`, sql`${mailItems.freeUntil}`, zone);
  return sql`${mailItems.receivingFeeCents} + ${mailItems.storageDailyFeeCents} * greatest(0, ${days})`;
}

/** Still at the store: not forwarded, picked up, shredded or recycled, and not purged (mail_items_on_hand_idx). */
const onHandItems = and(isNull(mailItems.storageEndedAt), isNull(mailItems.purgedAt));

export function onHandSql(now: Date) {
  const onHand = and(sql`${mailItems.mailboxId} = ${mailboxes.id}`, onHandItems);
  return {
    itemsOnHand: sql<number>`(select count(*) from ${mailItems} where ${onHand})`.mapWith(Number),
    feesAccruedCents:
      sql<number>`(select coalesce(sum(${itemFeeSql(now)}), 0) from ${mailItems} where ${onHand})`.mapWith(Number),
  };
}

export interface OnHandFigures {
  itemsOnHand: number;
  feesAccruedCents: number;
}

/**
 * The items on hand and fees accrued of each box on a mailbox list page, read in one grouped statement from
 * mail_items_on_hand_idx and kept per box like the lists' large totals (db/row-figures.ts): at a thousand items a
 * box, ten boxes a page read ten thousand index entries, which no page should pay on every call. Receiving mail and
 * completing a request forget the box's figures at once; the box's own page (GET mailboxes/{id}) counts exactly.
 */
export const mailboxOnHand = rowFigures<OnHandFigures, Date>(
  async (db, ids, now) => {
    const rows = await db
      .select({
        id: mailItems.mailboxId,
        itemsOnHand: sql<number>`count(*)`.mapWith(Number),
        feesAccruedCents: sql<number>`coalesce(sum(${itemFeeSql(now)}), 0)`.mapWith(Number),
      })
      .from(mailItems)
      .where(and(inArray(mailItems.mailboxId, ids), onHandItems))
      .groupBy(mailItems.mailboxId);
    return new Map(rows.map(({ id, ...figures }) => [id, figures]));
  },
  { itemsOnHand: 0, feesAccruedCents: 0 },
);

/**
 * The authorized individual on the box holder's file (spec 6: the only person who may pick up without the
 * passcode), by name; null when none is on file.
 */
export function authorizedIndividualName(person: UserRow['authorizedIndividual']): string | null {
  if (!person) return null;
  const name =
    person.fullName?.trim() ||
    [person.firstName, person.middleName, person.lastName]
      .map((p) => p?.trim())
      .filter(Boolean)
      .join(' ');
  return name || null;
}

export function toRequestDto(
  row: {
    request: MailRequestRow;
    item: Pick<MailItemRow, 'id' | 'number' | 'kind' | 'sender' | 'status'>;
    mailbox: Pick<MailboxRow, 'id' | 'pmbNumber'>;
    store: Pick<StoreRow, 'id' | 'name' | 'pmbPrefix'>;
    customer: Pick<UserRow, 'id' | 'fullName' | 'email' | 'authorizedIndividual'>;
  },
  now: Date,
): MailRequest {
  const r = row.request;
  return {
    id: r.id,
    type: r.type,
    status: r.status,
    itemIds: r.itemIds,
    item: {
      id: row.item.id,
      number: row.item.number,
      kind: row.item.kind,
      sender: row.item.sender,
      status: row.item.status,
    },
    mailbox: {
      id: row.mailbox.id,
      pmb: mailboxPmb(row.store, row.mailbox),
      storeId: row.store.id,
      storeName: row.store.name,
    },
    customer: { id: row.customer.id, fullName: row.customer.fullName, email: row.customer.email },
    address: r.address,
    declaredValueCents: r.declaredValueCents,
    estimate: r.estimate,
    paidCents: r.paidCents,
    quoteCents: r.quoteCents,
    extraDueCents: r.extraDueCents,
    refundCents: r.refundCents,
    carrierService: r.carrierService,
    packaging: r.packaging,
    outboundCarrier: r.outboundCarrier,
    outboundTracking: r.outboundTracking,
    forwardRate: r.forwardRate
      ? { carrier: r.forwardRate.carrier, service: r.forwardRate.service, signature: r.forwardRate.signature }
      : null,
    shipmentId: r.shipmentId,
    pickedUpBy: r.pickedUpBy,
    pickup:
      r.type === 'pickup'
        ? {
            authorizedIndividualName: authorizedIndividualName(row.customer.authorizedIndividual),
            passcodeLocked: r.passcodeLockedAt !== null,
          }
        : null,
    note: r.note,
    ageSeconds: Math.max(0, Math.floor((now.getTime() - r.createdAt.getTime()) / 1000)),
    events: r.events,
    createdAt: r.createdAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
  };
}

export function selectRequests(db: Db) {
  return db
    .select({
      request: mailRequests,
      item: {
        id: mailItems.id,
        number: mailItems.number,
        kind: mailItems.kind,
        sender: mailItems.sender,
        status: mailItems.status,
      },
      mailbox: { id: mailboxes.id, pmbNumber: mailboxes.pmbNumber },
      store: { id: stores.id, name: stores.name, pmbPrefix: stores.pmbPrefix },
      customer: {
        id: users.id,
        fullName: users.fullName,
        email: users.email,
        authorizedIndividual: users.authorizedIndividual,
      },
    })
    .from(mailRequests)
    .innerJoin(mailItems, eq(mailItems.id, mailRequests.mailItemId))
    .innerJoin(mailboxes, eq(mailboxes.id, mailRequests.mailboxId))
    .innerJoin(stores, eq(stores.id, mailRequests.storeId))
    .innerJoin(users, eq(users.id, mailRequests.userId));
}

/** A request the viewer may see: the customer who made it (else 404), or an operator of its store (else 403). */
export async function loadVisibleRequest(db: Db, me: Actor, id: string) {
  const [row] = await selectRequests(db).where(eq(mailRequests.id, id)).limit(1);
  if (!row) throw notFound('Request not found');
  if (!isOperator(me)) {
    if (row.request.userId !== me.userId) throw notFound('Request not found');
    return row;
  }
  const [store] = await db.select().from(stores).where(eq(stores.id, row.request.storeId));
  if (!store || !operatorOwnsStore(me, store)) throw forbidden();
  return row;
}

/** The customer's own mailbox (one per user), or undefined before approval. */
export async function findOwnMailbox(db: Db, userId: string) {
  const [row] = await db
    .select({ mailbox: mailboxes, store: stores })
    .from(mailboxes)
    .innerJoin(stores, eq(stores.id, mailboxes.storeId))
    .where(eq(mailboxes.userId, userId))
    .limit(1);
  return row;
}

import type { Actor } from '../../identity';
import type { MailItemKind, MailItemStatus } from '@postwise/shared/mail';
import type { MailItemListQuery } from '@postwise/shared/schemas/mail';
import type { PageQuery } from '@postwise/shared/schemas/paging';
import { type SQL, and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { mailItems } from '../schema/mail';
import { mailboxes } from '../schema/mailboxes';
import { stores } from '../schema/stores';
import { descending, type ListShape, pagedPrepared, preparedList } from '../../../db/paging';
import { prefixPattern } from '../../../db/prefix-search';
import {
  type ItemJoinRow,
  loadOperatorMailbox,
  mapItemRow,
  operatesEveryStore,
  recognisedTextMatches,
  recognisedTextQuery,
  selectItems,
} from './mail-records';
import type { PhotoLinks } from './photo-thumbnails';

/**
 * One box's items newest first: the page's ids by an index-only scan of the box's (received_at, id) index, then
 * only those rows with their joins; the total is counted capped (and cached above 10,000) like every list. The
 * statements are prepared once per shape of filters (`where` reads only the shape and uses placeholders) and a
 * request binds `values`.
 */
function pagedItems<S extends ListShape>(
  db: Db,
  name: string,
  shape: S,
  where: (shape: S) => SQL | undefined,
  values: Record<string, unknown>,
  page: PageQuery,
  now: Date,
  links: PhotoLinks,
  /** A search of the read text: the page's rows come with where it matched (placeholder `words`). */
  searchQuery?: (shape: S) => SQL | undefined,
) {
  const list = preparedList<ItemJoinRow, S>(db, name, shape, (s) => {
    const condition = where(s);
    return {
      from: mailItems,
      where: condition,
      key: mailItems.id,
      // A search leaves few items.
      narrow: Boolean(s.search),
      order: descending(mailItems.receivedAt, mailItems.id),
      load: (keys) => selectItems(db, searchQuery?.(s)).where(inArray(mailItems.id, keys)),
    };
  });
  return pagedPrepared(list, values, page, mapItemRow(now, links));
}

/**
 * GET mail-items?folder=inbox|archive|trash: the customer's own items of one folder, newest first, filtered by
 * kind and status, searched by sender (prefix) or by words read from the scan or envelope (full text), paged in SQL on mail_items_mailbox_folder_received_idx (partial: not purged). Each
 * item carries its free days left and fee accrued so far at this moment.
 */
export async function listMyMailItems(db: Db, me: Actor, query: MailItemListQuery, now: Date, links: PhotoLinks) {
  const p = sql.placeholder;
  const shape = { kind: Boolean(query.kind), status: Boolean(query.status), search: Boolean(query.search) };
  // The caller's own box (one per customer, mailboxes_user_id_key) inside the statements: no box, no items.
  const where = (s: typeof shape) =>
    and(
      eq(
        mailItems.mailboxId,
        sql`(select ${mailboxes.id} from ${mailboxes} where ${mailboxes.userId} = ${p('viewerId')})`,
      ),
      eq(mailItems.folder, p('folder')),
      isNull(mailItems.purgedAt),
      s.kind ? eq(mailItems.kind, p('kind')) : undefined,
      s.status ? eq(mailItems.status, p('status')) : undefined,
      s.search
        ? or(
            sql`lower(${mailItems.sender}) like ${p('pattern')}`,
            recognisedTextMatches(recognisedTextQuery(p('words'))),
          )
        : undefined,
    );
  const values = {
    viewerId: me.userId,
    folder: query.folder,
    ...(query.kind ? { kind: query.kind } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.search ? { pattern: prefixPattern(query.search), words: query.search } : {}),
  };
  const searchQuery = (s: typeof shape) => (s.search ? recognisedTextQuery(p('words')) : undefined);
  return pagedItems(db, 'mail-items', shape, where, values, query, now, links, searchQuery);
}

/** GET mailboxes/{id}/labels: every item of one box for its store's operators (any folder), newest first. */
export async function listLabels(
  db: Db,
  me: Actor,
  mailboxId: string,
  query: PageQuery & { status?: MailItemStatus | undefined; kind?: MailItemKind | undefined },
  now: Date,
  links: PhotoLinks,
) {
  const p = sql.placeholder;
  // Whose box it may be is part of the statements: the super admin's reads any box, an operator's only a box at a
  // store they own (the rule of operatorOwnsStore). A page with rows is therefore allowed; only an empty one asks
  // why (no such box: 404, another's: 403, or simply no items), so a list call stays at three round trips.
  const everyStore = operatesEveryStore(me);
  const shape = { everyStore, status: Boolean(query.status), kind: Boolean(query.kind) };
  const where = (s: typeof shape) =>
    and(
      eq(mailItems.mailboxId, p('mailboxId')),
      isNull(mailItems.purgedAt),
      s.everyStore
        ? undefined
        : sql`exists (select 1 from ${mailboxes} inner join ${stores} on ${stores.id} = ${mailboxes.storeId}
            where ${mailboxes.id} = ${p('mailboxId')} and ${stores.ownerUserId} = ${p('viewerId')})`,
      s.status ? eq(mailItems.status, p('status')) : undefined,
      s.kind ? eq(mailItems.kind, p('kind')) : undefined,
    );
  const values = {
    mailboxId,
    ...(everyStore ? {} : { viewerId: me.userId }),
    ...(query.status ? { status: query.status } : {}),
    ...(query.kind ? { kind: query.kind } : {}),
  };
  const page = await pagedItems(db, 'mailbox-labels', shape, where, values, query, now, links);
  if (page.items.length === 0) await loadOperatorMailbox(db, me, mailboxId);
  return page;
}

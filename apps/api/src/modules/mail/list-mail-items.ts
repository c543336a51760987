import type { MailItem } from '@postwise/shared/mail-api';
import type { MailItemKind, MailItemStatus } from '@postwise/shared/mail';
import type { MailItemListQuery } from '@postwise/shared/schemas/mail';
import type { PageQuery } from '@postwise/shared/schemas/paging';
import { type SQL, and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailItems } from '../../db/schema/mail';
import { paged } from '../../lib/paging';
import { prefixPattern } from '../managed-users/service';
import { type Viewer, findOwnMailbox, loadOperatorMailbox, mapItemRow, selectItems } from './mail-records';

/**
 * One box's items newest first: the page's ids by an index-only scan of the box's (received_at, id) index, then
 * only those rows with their joins; the total is counted capped (and cached above 10,000) like every list.
 */
function pagedItems(db: Db, where: SQL | undefined, page: PageQuery, now: Date) {
  return paged({
    page,
    db,
    seek: {
      keys: (limit, offset) =>
        db
          .select({ id: mailItems.id })
          .from(mailItems)
          .where(where)
          .orderBy(desc(mailItems.receivedAt), desc(mailItems.id))
          .limit(limit)
          .offset(offset),
      load: (keys) =>
        selectItems(db).where(inArray(mailItems.id, keys)).orderBy(desc(mailItems.receivedAt), desc(mailItems.id)),
    },
    count: db
      .select({ one: sql`1` })
      .from(mailItems)
      .where(where),
    map: mapItemRow(now),
  });
}

function emptyPage(page: PageQuery) {
  return { isSuccess: true as const, items: [] as MailItem[], pageNo: page.pageNo, pageSize: page.pageSize, total: 0 };
}

/**
 * GET mail-items?folder=inbox|archive|trash: the customer's own items of one folder, newest first, filtered by
 * kind and status, searched by sender (prefix), paged in SQL on mail_items_mailbox_folder_received_idx (partial: not purged). Each
 * item carries its free days left and fee accrued so far at this moment.
 */
export async function listMyMailItems(db: Db, me: Viewer, query: MailItemListQuery, now: Date) {
  const own = await findOwnMailbox(db, me.id);
  if (!own) return emptyPage(query);
  const where = and(
    eq(mailItems.mailboxId, own.mailbox.id),
    eq(mailItems.folder, query.folder),
    isNull(mailItems.purgedAt),
    query.kind ? eq(mailItems.kind, query.kind) : undefined,
    query.status ? eq(mailItems.status, query.status) : undefined,
    query.search ? sql`lower(${mailItems.sender}) like ${prefixPattern(query.search)}` : undefined,
  );
  return pagedItems(db, where, query, now);
}

/** GET mailboxes/{id}/labels: every item of one box for its store's operators (any folder), newest first. */
export async function listLabels(
  db: Db,
  me: Viewer,
  mailboxId: string,
  query: PageQuery & { status?: MailItemStatus | undefined; kind?: MailItemKind | undefined },
  now: Date,
) {
  await loadOperatorMailbox(db, me, mailboxId);
  const where = and(
    eq(mailItems.mailboxId, mailboxId),
    isNull(mailItems.purgedAt),
    query.status ? eq(mailItems.status, query.status) : undefined,
    query.kind ? eq(mailItems.kind, query.kind) : undefined,
  );
  return pagedItems(db, where, query, now);
}

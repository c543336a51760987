import type { MailItem } from '@postwise/shared/mail-api';
import type { MailItemKind, MailItemStatus } from '@postwise/shared/mail';
import type { MailItemListQuery } from '@postwise/shared/schemas/mail';
import type { PageQuery } from '@postwise/shared/schemas/paging';
import { type SQL, and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailItems } from '../../db/schema/mail';
import { pagedPrepared, preparedList } from '../../lib/paging';
import { prefixPattern } from '../managed-users/service';
import {
  type ItemJoinRow,
  type Viewer,
  findOwnMailbox,
  loadOperatorMailbox,
  mapItemRow,
  selectItems,
} from './mail-records';

/**
 * One box's items newest first: the page's ids by an index-only scan of the box's (received_at, id) index, then
 * only those rows with their joins; the total is counted capped (and cached above 10,000) like every list. The
 * statements are prepared once per shape of filters (`key`; `where` uses placeholders) and a request binds `values`.
 */
function pagedItems(
  db: Db,
  key: string,
  where: () => SQL | undefined,
  values: Record<string, unknown>,
  page: PageQuery,
  now: Date,
) {
  const list = preparedList<ItemJoinRow>(db, key, () => {
    const condition = where();
    return {
      keys: db
        .select({ id: mailItems.id })
        .from(mailItems)
        .where(condition)
        .orderBy(desc(mailItems.receivedAt), desc(mailItems.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
      load: (keys) =>
        selectItems(db).where(inArray(mailItems.id, keys)).orderBy(desc(mailItems.receivedAt), desc(mailItems.id)),
      counted: db
        .select({ one: sql`1` })
        .from(mailItems)
        .where(condition),
    };
  });
  return pagedPrepared(list, values, page, mapItemRow(now));
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
  const p = sql.placeholder;
  const key = `mail-items:${Number(Boolean(query.kind))}${Number(Boolean(query.status))}${Number(Boolean(query.search))}`;
  const where = () =>
    and(
      eq(mailItems.mailboxId, p('mailboxId')),
      eq(mailItems.folder, p('folder')),
      isNull(mailItems.purgedAt),
      query.kind ? eq(mailItems.kind, p('kind')) : undefined,
      query.status ? eq(mailItems.status, p('status')) : undefined,
      query.search ? sql`lower(${mailItems.sender}) like ${p('pattern')}` : undefined,
    );
  const values = {
    mailboxId: own.mailbox.id,
    folder: query.folder,
    ...(query.kind ? { kind: query.kind } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.search ? { pattern: prefixPattern(query.search) } : {}),
  };
  return pagedItems(db, key, where, values, query, now);
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
  const p = sql.placeholder;
  const key = `mailbox-labels:${Number(Boolean(query.status))}${Number(Boolean(query.kind))}`;
  const where = () =>
    and(
      eq(mailItems.mailboxId, p('mailboxId')),
      isNull(mailItems.purgedAt),
      query.status ? eq(mailItems.status, p('status')) : undefined,
      query.kind ? eq(mailItems.kind, p('kind')) : undefined,
    );
  const values = {
    mailboxId,
    ...(query.status ? { status: query.status } : {}),
    ...(query.kind ? { kind: query.kind } : {}),
  };
  return pagedItems(db, key, where, values, query, now);
}

import { type Actor, profiles, type UserRow, users } from '../../identity';
import type { MailboxDetail, MailboxSummary } from '@postwise/shared/mail-api';
import { MAIL_RULES } from '@postwise/shared/mail';
import type { MailboxListQuery } from '@postwise/shared/schemas/mail';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { mailItems } from '../schema/mail';
import { mailboxes } from '../schema/mailboxes';
import { stores } from '../schema/stores';
import { ascending, pagedPrepared, preparedList } from '../../../db/paging';
import { prefixPattern } from '../../../db/prefix-search';
import {
  MAILBOX_SUMMARY_COLUMNS,
  type SummaryMailbox,
  type SummaryStore,
  loadOperatorMailbox,
  mailboxOnHand,
  mailboxSummary,
  onHandSql,
  operatesEveryStore,
  ownStoresPrepared,
} from './mail-records';

function holdStart(now: Date): Date {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - MAIL_RULES.cancelledHoldMonths);
  return d;
}

/**
 * GET mailboxes: the operator's boxes (super admin: every store; sub-admin: their stores), searched by PMB number
 * or the holder's name / e-mail (prefix), filtered by store and status, in PMB order, paged in SQL through
 * statements prepared once per shape of filters (db/paging.ts): the page's ids from mailboxes_pmb_number_idx, then
 * those boxes with their store, holder and profile. Each box's items on hand and fees accrued come from
 * mailboxOnHand (kept per box like the lists' large totals; the box's own page counts exactly).
 */
export async function listMailboxes(db: Db, me: Actor, query: MailboxListQuery, now: Date) {
  const p = sql.placeholder;
  const search = query.search?.trim();
  const pmb = search && /^(#|pmb\s*)?\d{1,9}$/i.test(search) ? Number(search.replace(/\D/g, '')) : undefined;
  const everyStore = operatesEveryStore(me);
  const shape = {
    own: !everyStore,
    store: Boolean(query.storeId),
    status: query.status ?? 'any',
    search: pmb !== undefined ? 'pmb' : search ? 'name' : 'none',
  };
  const list = preparedList<MailboxJoinRow, typeof shape>(db, 'mailboxes', shape, (shape) => {
    const closedBeforeHold = or(isNull(mailboxes.closedAt), sql`${mailboxes.closedAt} <= ${p('hold')}`);
    const where = and(
      shape.own ? ownStoresPrepared(mailboxes.storeId) : undefined,
      shape.store ? eq(mailboxes.storeId, p('storeId')) : undefined,
      shape.status === 'active' ? eq(mailboxes.status, 'active') : undefined,
      shape.status === 'cancelled'
        ? and(eq(mailboxes.status, 'closed'), sql`${mailboxes.closedAt} > ${p('hold')}`)
        : undefined,
      shape.status === 'closed' ? and(eq(mailboxes.status, 'closed'), closedBeforeHold) : undefined,
      shape.search === 'pmb' ? eq(mailboxes.pmbNumber, p('pmb')) : undefined,
      shape.search === 'name'
        ? inArray(
            mailboxes.userId,
            db
              .select({ id: users.id })
              .from(users)
              .where(
                or(sql`lower(${users.fullName}) like ${p('pattern')}`, sql`lower(${users.email}) like ${p('pattern')}`),
              ),
          )
        : undefined,
    );
    return {
      from: mailboxes,
      where,
      key: mailboxes.id,
      order: ascending(mailboxes.pmbNumber, mailboxes.id),
      narrow: shape.search !== 'none',
      load: (keys) =>
        db
          .select({
            ...MAILBOX_SUMMARY_COLUMNS,
            holder: { id: users.id, fullName: users.fullName, email: users.email },
            profileStatus: profiles.mailboxStatus,
          })
          .from(mailboxes)
          .innerJoin(stores, eq(stores.id, mailboxes.storeId))
          .innerJoin(users, eq(users.id, mailboxes.userId))
          .leftJoin(profiles, eq(profiles.userId, mailboxes.userId))
          .where(inArray(mailboxes.id, keys)),
    };
  });
  const values = {
    ...(shape.own ? { viewerId: me.userId } : {}),
    ...(shape.store ? { storeId: query.storeId } : {}),
    ...(shape.status === 'cancelled' || shape.status === 'closed' ? { hold: holdStart(now).toISOString() } : {}),
    ...(shape.search === 'pmb' ? { pmb } : {}),
    ...(shape.search === 'name' && search ? { pattern: prefixPattern(search) } : {}),
  };
  const page = await pagedPrepared(list, values, query, (row) => row);
  const figures = await mailboxOnHand.get(
    db,
    page.items.map((row) => row.mailbox.id),
    now,
  );
  return {
    ...page,
    items: page.items.map((row): MailboxSummary => mailboxSummary({ ...row, ...figures.get(row.mailbox.id)! }, now)),
  };
}

interface MailboxJoinRow {
  mailbox: SummaryMailbox;
  store: SummaryStore;
  holder: Pick<UserRow, 'id' | 'fullName' | 'email'>;
  profileStatus: string | null;
}

/** GET mailboxes/{id}: one box with the senders of its earlier mail (the intake form remembers them). */
export async function getMailbox(db: Db, me: Actor, id: string, now: Date): Promise<MailboxDetail> {
  const row = await loadOperatorMailbox(db, me, id);
  const onHand = onHandSql(now);
  const [counts] = await db.select(onHand).from(mailboxes).where(eq(mailboxes.id, id));
  const senders = await db
    .select({ sender: mailItems.sender, last: sql<string>`max(${mailItems.receivedAt})` })
    .from(mailItems)
    .where(eq(mailItems.mailboxId, id))
    .groupBy(mailItems.sender)
    .orderBy(desc(sql`max(${mailItems.receivedAt})`))
    .limit(20);
  return {
    ...mailboxSummary(
      {
        ...row,
        itemsOnHand: counts?.itemsOnHand ?? 0,
        feesAccruedCents: counts?.feesAccruedCents ?? 0,
      },
      now,
    ),
    recentSenders: senders.map((s) => s.sender),
  };
}

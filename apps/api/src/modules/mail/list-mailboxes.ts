import type { MailboxDetail, MailboxSummary } from '@postwise/shared/mail-api';
import { MAIL_RULES } from '@postwise/shared/mail';
import type { MailboxListQuery } from '@postwise/shared/schemas/mail';
import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailItems } from '../../db/schema/mail';
import { mailboxes } from '../../db/schema/mailboxes';
import { profiles } from '../../db/schema/profiles';
import { stores } from '../../db/schema/stores';
import { users } from '../../db/schema/users';
import { paged } from '../../lib/paging';
import { prefixPattern } from '../managed-users/service';
import { type Viewer, loadOperatorMailbox, mailboxSummary, onHandSql, operatorStoreFilter } from './mail-records';

function holdStart(now: Date): Date {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - MAIL_RULES.cancelledHoldMonths);
  return d;
}

/**
 * GET mailboxes: the operator's boxes (super admin: every store; sub-admin: their stores), searched by PMB number
 * or the holder's name / e-mail (prefix), filtered by store and status, in PMB order, paged in SQL.
 */
export function listMailboxes(db: Db, me: Viewer, query: MailboxListQuery, now: Date) {
  const search = query.search?.trim();
  const pmb = search && /^(#|pmb\s*)?\d{1,9}$/i.test(search) ? Number(search.replace(/\D/g, '')) : undefined;
  const hold = holdStart(now);
  const where = and(
    operatorStoreFilter(me, mailboxes.storeId),
    query.storeId ? eq(mailboxes.storeId, query.storeId) : undefined,
    query.status === 'active' ? eq(mailboxes.status, 'active') : undefined,
    query.status === 'cancelled'
      ? and(eq(mailboxes.status, 'closed'), sql`${mailboxes.closedAt} > ${hold.toISOString()}`)
      : undefined,
    query.status === 'closed'
      ? and(
          eq(mailboxes.status, 'closed'),
          or(isNull(mailboxes.closedAt), sql`${mailboxes.closedAt} <= ${hold.toISOString()}`),
        )
      : undefined,
    pmb !== undefined
      ? eq(mailboxes.pmbNumber, pmb)
      : search
        ? or(
            sql`lower(${users.fullName}) like ${prefixPattern(search)}`,
            sql`lower(${users.email}) like ${prefixPattern(search)}`,
          )
        : undefined,
  );
  const onHand = onHandSql(now);
  return paged({
    page: query,
    rows: (limit, offset) =>
      db
        .select({
          mailbox: mailboxes,
          store: stores,
          holder: { id: users.id, fullName: users.fullName, email: users.email },
          profileStatus: profiles.mailboxStatus,
          ...onHand,
        })
        .from(mailboxes)
        .innerJoin(stores, eq(stores.id, mailboxes.storeId))
        .innerJoin(users, eq(users.id, mailboxes.userId))
        .leftJoin(profiles, eq(profiles.userId, mailboxes.userId))
        .where(where)
        .orderBy(asc(mailboxes.pmbNumber), asc(mailboxes.id))
        .limit(limit)
        .offset(offset),
    count: async () => {
      const [row] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(mailboxes)
        .innerJoin(users, eq(users.id, mailboxes.userId))
        .where(where);
      return row?.n ?? 0;
    },
    map: (row): MailboxSummary => mailboxSummary(row, now),
  });
}

/** GET mailboxes/{id}: one box with the senders of its earlier mail (the intake form remembers them). */
export async function getMailbox(db: Db, me: Viewer, id: string, now: Date): Promise<MailboxDetail> {
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

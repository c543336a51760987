import type { Actor } from '../../identity';
import { OPEN_REQUEST_STATUSES } from '@postwise/shared/mail';
import type { MailRequestListQuery } from '@postwise/shared/schemas/mail';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { mailRequests } from '../schema/mail';
import { paged } from '../../../db/paging';
import { operatorStoreFilter, selectRequests, toRequestDto } from './mail-records';

/**
 * GET mail-requests: the operator's request queue across their stores' boxes (super admin: all), filtered by
 * type, status (default: open ones) and store, oldest first, paged in SQL on (store, status, created_at).
 */
export function listMailRequests(db: Db, me: Actor, query: MailRequestListQuery, now: Date) {
  const where = and(
    operatorStoreFilter(me, mailRequests.storeId),
    query.storeId ? eq(mailRequests.storeId, query.storeId) : undefined,
    query.type ? eq(mailRequests.type, query.type) : undefined,
    query.status === 'open'
      ? inArray(mailRequests.status, [...OPEN_REQUEST_STATUSES])
      : eq(mailRequests.status, query.status),
  );
  return paged({
    page: query,
    rows: (limit, offset) =>
      selectRequests(db)
        .where(where)
        .orderBy(asc(mailRequests.createdAt), asc(mailRequests.id))
        .limit(limit)
        .offset(offset),
    count: () => db.$count(mailRequests, where),
    map: (row) => toRequestDto(row, now),
  });
}

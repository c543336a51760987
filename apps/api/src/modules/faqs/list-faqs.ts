import type { ApiPage } from '@postwise/shared/api-types';
import type { PageQuery } from '@postwise/shared/schemas/paging';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { faqs } from '../../db/schema/faqs';
import { paged } from '../../lib/paging';
import type { FaqDto } from './faq-schema';

/** Published FAQs in their sort order, paged in SQL (the faqs_published_sort_idx index). */
export function listPublishedFaqs(db: Db, page: PageQuery): Promise<ApiPage<FaqDto>> {
  const published = eq(faqs.isPublished, true);
  return paged({
    page,
    db,
    seek: {
      keys: (limit, offset) =>
        db
          .select({ id: faqs.id })
          .from(faqs)
          .where(published)
          .orderBy(asc(faqs.sortOrder), asc(faqs.createdAt), asc(faqs.id))
          .limit(limit)
          .offset(offset),
      load: (keys) =>
        db
          .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
          .from(faqs)
          .where(inArray(faqs.id, keys))
          .orderBy(asc(faqs.sortOrder), asc(faqs.createdAt), asc(faqs.id)),
    },
    count: db
      .select({ one: sql`1` })
      .from(faqs)
      .where(published),
    map: (row) => row,
  });
}

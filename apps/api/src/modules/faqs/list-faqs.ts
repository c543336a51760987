import type { ApiPage } from '@postwise/shared/api-types';
import type { PageQuery } from '@postwise/shared/schemas/paging';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { faqs } from '../../db/schema/faqs';
import { pagedPrepared, preparedList } from '../../lib/paging';
import type { FaqDto } from './faq-schema';

/** Published FAQs in their sort order, paged in SQL (the faqs_published_sort_idx index). */
export function listPublishedFaqs(db: Db, page: PageQuery): Promise<ApiPage<FaqDto>> {
  const list = preparedList<FaqDto>(db, 'faqs:published', () => {
    const published = eq(faqs.isPublished, true);
    return {
      keys: db
        .select({ key: faqs.id })
        .from(faqs)
        .where(published)
        .orderBy(asc(faqs.sortOrder), asc(faqs.createdAt), asc(faqs.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
      load: (keys) =>
        db
          .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
          .from(faqs)
          .where(inArray(faqs.id, keys))
          .orderBy(asc(faqs.sortOrder), asc(faqs.createdAt), asc(faqs.id)),
      counted: db
        .select({ one: sql`1` })
        .from(faqs)
        .where(published),
    };
  });
  return pagedPrepared(list, {}, page, (row) => row);
}

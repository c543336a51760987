import type { ApiPage } from '@postwise/shared/api-types';
import type { PageQuery } from '@postwise/shared/schemas/paging';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { faqs } from '../../db/schema/faqs';
import { paged } from '../../lib/paging';
import type { FaqDto } from './faq-schema';

/** Published FAQs in their sort order, paged in SQL (the faqs_published_sort_idx index). */
export function listPublishedFaqs(db: Db, page: PageQuery): Promise<ApiPage<FaqDto>> {
  return paged({
    page,
    rows: (limit, offset) =>
      db
        .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
        .from(faqs)
        .where(eq(faqs.isPublished, true))
        .orderBy(asc(faqs.sortOrder), asc(faqs.createdAt), asc(faqs.id))
        .limit(limit)
        .offset(offset),
    count: () => db.$count(faqs, eq(faqs.isPublished, true)),
    map: (row) => row,
  });
}

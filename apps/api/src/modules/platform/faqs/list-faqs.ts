import type { ApiPage } from '@postwise/shared/api-types';
import type { PageQuery } from '@postwise/shared/schemas/paging';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { faqs } from '../schema/faqs';
import { ascending, type ListOrder, pagedPrepared, preparedList } from '../../../db/paging';
import type { FaqDto } from './faq-schema';

/** The FAQs' order, public and admin (faqs_sort_idx / faqs_published_sort_idx). */
export const FAQ_ORDER: ListOrder = ascending(faqs.sortOrder, faqs.createdAt, faqs.id);

/** Published FAQs in their sort order, paged in SQL (the faqs_published_sort_idx index). */
export function listPublishedFaqs(db: Db, page: PageQuery): Promise<ApiPage<FaqDto>> {
  const list = preparedList<FaqDto>(db, 'published-faqs', {}, () => {
    const published = eq(faqs.isPublished, true);
    return {
      from: faqs,
      where: published,
      key: faqs.id,
      order: FAQ_ORDER,
      load: (keys) =>
        db
          .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
          .from(faqs)
          .where(inArray(faqs.id, keys)),
    };
  });
  return pagedPrepared(list, {}, page, (row) => row);
}

import type { Faq } from '@postwise/shared/admin';
import type { ApiPage } from '@postwise/shared/api-types';
import { getPage } from '../../../lib/api-client';
import type { LightInfiniteQueryOptions } from '../../../lib/light-query';

export const faqKeys = {
  all: ['faqs'] as const,
  public: (pageSize: number) => [...faqKeys.all, 'public', pageSize] as const,
};

/** GET faqs with pageNo and pageSize (spec 7); the paged envelope. */
export function getFaqs(pageNo: number, pageSize: number): Promise<ApiPage<Faq>> {
  return getPage<Faq>('faqs', { pageNo, pageSize });
}

/** The home page accordion reads page after page ("Show more questions"). */
export function publicFaqsQueryOptions(pageSize: number): LightInfiniteQueryOptions<ApiPage<Faq>> {
  return {
    queryKey: faqKeys.public(pageSize),
    queryFn: ({ pageParam }) => getFaqs(pageParam, pageSize),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNo * last.pageSize < last.total ? last.pageNo + 1 : undefined),
    staleTime: 5 * 60_000,
  };
}

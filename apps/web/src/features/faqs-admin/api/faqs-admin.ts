import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FaqAdminItem } from '@postwise/shared/admin';
import type { FaqInput } from '@postwise/shared/schemas/admin';
import { del, getPage, post, put } from '../../../lib/api-client';

export const faqAdminKeys = {
  all: ['faqs'] as const,
  list: (pageNo: number, pageSize: number, published: string | undefined) =>
    [...faqAdminKeys.all, 'admin', { pageNo, pageSize, published }] as const,
};

export function useFaqAdminList(pageNo: number, pageSize: number, published: string | undefined) {
  return useQuery({
    queryKey: faqAdminKeys.list(pageNo, pageSize, published),
    queryFn: () => getPage<FaqAdminItem>('faqs/admin', { pageNo, pageSize, query: { published } }),
    placeholderData: keepPreviousData,
  });
}

/** Every change also refreshes the public FAQ list (same key root). */
function useFaqMutation<TInput>(fn: (input: TInput) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: faqAdminKeys.all }) });
}

export const useSaveFaq = (id: string | null) =>
  useFaqMutation((input: FaqInput) => (id ? put<FaqAdminItem>('faqs', id, input) : post<FaqAdminItem>('faqs', input)));
export const useDeleteFaq = () => useFaqMutation((id: string) => del<null>('faqs', id));
export const useMoveFaq = () =>
  useFaqMutation(({ id, direction }: { id: string; direction: 'up' | 'down' }) =>
    post<null>(`faqs/${encodeURIComponent(id)}/move`, { direction }),
  );

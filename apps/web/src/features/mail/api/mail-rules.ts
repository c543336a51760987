import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailRule, MailRuleInput, MailRulePatch } from '@postwise/shared/mail-rules';
import { del, getPage, post, request } from '../../../lib/api-client';
import { mailKeys } from './mail-items';

/** Query keys of the customer's rules (under ['mail'], so the live stream's refresh reaches them too). */
export const mailRuleKeys = {
  all: [...mailKeys.all, 'rules'] as const,
  page: (pageNo: number, pageSize: number) => [...mailRuleKeys.all, pageNo, pageSize] as const,
};

/** GET mail-rules: the rules in the order they are checked. */
export function useMailRules(pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: mailRuleKeys.page(pageNo, pageSize),
    queryFn: () => getPage<MailRule>('mail-rules', { pageNo, pageSize }),
    placeholderData: keepPreviousData,
  });
}

function useRuleMutation<V>(fn: (input: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailRuleKeys.all }),
  });
}

/** POST mail-rules. */
export function useCreateMailRule() {
  return useRuleMutation((input: MailRuleInput) => post<MailRule>('mail-rules', input));
}

/** PATCH mail-rules/{id}: edit, pause or resume. */
export function useUpdateMailRule() {
  return useRuleMutation(({ id, patch }: { id: string; patch: MailRulePatch }) =>
    request<MailRule>('PATCH', `mail-rules/${encodeURIComponent(id)}`, { body: patch }),
  );
}

/** DELETE mail-rules/{id}. */
export function useDeleteMailRule() {
  return useRuleMutation((id: string) => del<{ id: string }>('mail-rules', id));
}

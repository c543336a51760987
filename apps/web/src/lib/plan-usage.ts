import { useQuery } from '@tanstack/react-query';
import { get } from './api-client';

/** A sub-admin's plan limits (numberOfStores, numberOfMailboxes; null: no limit) and what they use. */
export interface PlanUsage {
  planName: string | null;
  storesLimit: number | null;
  storesUsed: number;
  mailboxesLimit: number | null;
  mailboxesUsed: number;
}

export function usePlanUsage(enabled = true) {
  return useQuery({ queryKey: ['plan-usage'], queryFn: () => get<PlanUsage>('plan-usage'), enabled });
}

/** "3 of 5 stores", "2 stores (no limit)". */
export function usageText(used: number, limit: number | null, one: string, many: string): string {
  if (limit === null) return `${used} ${used === 1 ? one : many} (no limit)`;
  return `${used} of ${limit} ${limit === 1 ? one : many}`;
}

export const storesUsage = (u: PlanUsage) => usageText(u.storesUsed, u.storesLimit, 'store', 'stores');
export const mailboxesUsage = (u: PlanUsage) => usageText(u.mailboxesUsed, u.mailboxesLimit, 'mailbox', 'mailboxes');

import { useQuery } from '@tanstack/react-query';
import type { PlanUsage } from '@postwise/shared/admin';
import { get } from './api-client';

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

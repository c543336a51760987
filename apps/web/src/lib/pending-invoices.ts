import { useQuery } from '@tanstack/react-query';
import type { Viewer } from '@postwise/shared/access';
import { get } from './api-client';

/**
 * GET invoices/pending/count (spec 7), shared by the subscription alerts and the reinstatement banner of the
 * inbox and archive. The key lives under ['subscriptions'] so paying or resuming refreshes every count.
 */
export const pendingInvoiceKeys = {
  count: (userId: string, category: 'all' | 'reinstatement') => ['subscriptions', 'pending', userId, category] as const,
};

/**
 * A background count: its own 401 never logs out (Exit Access revokes the acting session while this may still be
 * asking with it, which used to end the whole session); a real session loss is caught by the page's own calls.
 */
export function getPendingInvoiceCount(category?: 'reinstatement'): Promise<number> {
  return get<{ count: number }>('invoices/pending/count', category ? { category } : undefined, {
    skipSessionCheck: true,
  }).then((r) => r.count);
}

export function usePendingInvoiceCount(userId: string | null, category: 'all' | 'reinstatement', enabled: boolean) {
  return useQuery({
    queryKey: pendingInvoiceKeys.count(userId ?? '', category),
    queryFn: () => getPendingInvoiceCount(category === 'reinstatement' ? 'reinstatement' : undefined),
    enabled: enabled && !!userId,
    staleTime: 60_000,
  });
}

/** Where pending-invoice links lead (spec 2.8): My Invoices for a sub-admin, Invoices & Billing otherwise. */
export function pendingInvoicesPath(role: Viewer['role']): string {
  return `${role === 'SUB_ADMIN' ? '/my-invoices' : '/invoices-billing'}?p_s=pending`;
}

/** Spec 6: no pending-invoice alerts for the super admin, nor for a USER with tier pro. */
export function invoiceAlertsApply(role: Viewer['role'], tier: 'pro' | null): boolean {
  return role !== 'SUPER_ADMIN' && tier !== 'pro';
}

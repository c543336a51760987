import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Invoice, Transaction } from '@postwise/shared/billing';
import { downloadBlob, getById, getPage, post } from '../../../lib/api-client';

/** Whose invoices: `billing` (Invoices & Billing) or `mine` (My Invoices, what the caller is billed). */
export type InvoiceScope = 'billing' | 'mine';

export interface InvoiceFilters {
  status?: 'pending' | 'paid' | 'void' | undefined;
  search?: string | undefined;
}

export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (scope: InvoiceScope, pageNo: number, pageSize: number, filters: InvoiceFilters) =>
    [...invoiceKeys.all, 'list', scope, pageNo, pageSize, filters] as const,
  detail: (id: string) => [...invoiceKeys.all, 'detail', id] as const,
  payments: (id: string) => [...invoiceKeys.all, 'payments', id] as const,
  transactions: (scope: InvoiceScope, pageNo: number, pageSize: number) =>
    [...invoiceKeys.all, 'transactions', scope, pageNo, pageSize] as const,
};

export function useInvoiceList(scope: InvoiceScope, pageNo: number, pageSize: number, filters: InvoiceFilters) {
  return useQuery({
    queryKey: invoiceKeys.list(scope, pageNo, pageSize, filters),
    queryFn: () =>
      getPage<Invoice>(scope === 'mine' ? 'invoices/my' : 'invoices', { pageNo, pageSize, query: { ...filters } }),
    placeholderData: keepPreviousData,
  });
}

export function useInvoice(id: string) {
  return useQuery({ queryKey: invoiceKeys.detail(id), queryFn: () => getById<Invoice>('invoices', id), retry: false });
}

export function useInvoicePayments(id: string) {
  return useQuery({
    queryKey: invoiceKeys.payments(id),
    queryFn: () => getPage<Transaction>(`invoices/${encodeURIComponent(id)}/transactions`, { pageNo: 1, pageSize: 50 }),
  });
}

export function useTransactions(scope: InvoiceScope, pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: invoiceKeys.transactions(scope, pageNo, pageSize),
    queryFn: () => getPage<Transaction>('invoices/transactions', { pageNo, pageSize, query: { scope } }),
    placeholderData: keepPreviousData,
  });
}

/** The invoice as a PDF, saved as INV-000123.pdf. */
export function downloadInvoicePdf(invoice: Pick<Invoice, 'id' | 'number'>): Promise<Blob> {
  return downloadBlob(`invoices/${encodeURIComponent(invoice.id)}/pdf`, `${invoice.number}.pdf`);
}

/** POST invoices/{id}/pay: the default card pays one open invoice (the last one reactivates a lapsed plan). */
export function usePayInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => post<Invoice>(`invoices/${encodeURIComponent(id)}/pay`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['subscriptions'] });
    },
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateScanFormInput, ScanFormDto, ScanFormEligibleDto } from '@postwise/shared/schemas/scan-forms';
import { downloadBlob, get, getPage, post } from '../../../lib/api-client';
import { shippingKeys } from './shipping-api';

export const scanFormKeys = {
  all: [...shippingKeys.all, 'scan-forms'] as const,
  eligible: (date: string) => [...scanFormKeys.all, 'eligible', date] as const,
  list: (pageNo: number, pageSize: number) => [...scanFormKeys.all, 'list', pageNo, pageSize] as const,
};

/** The day's USPS labels on no SCAN form yet, one group per from address. */
export function useEligibleScanForms(date: string) {
  return useQuery({
    queryKey: scanFormKeys.eligible(date),
    queryFn: () => get<ScanFormEligibleDto>('shipments/scan-forms/eligible', { date }),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
  });
}

export function useScanFormPage(pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: scanFormKeys.list(pageNo, pageSize),
    queryFn: () => getPage<ScanFormDto>('shipments/scan-forms', { pageNo, pageSize }),
    placeholderData: keepPreviousData,
  });
}

/** Makes the SCAN form; the waiting labels and the list of forms are read again. */
export function useCreateScanForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateScanFormInput) => post<ScanFormDto>('shipments/scan-forms', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scanFormKeys.all }),
  });
}

export function downloadScanForm(form: Pick<ScanFormDto, 'id' | 'shipDate'>): Promise<Blob> {
  return downloadBlob(
    `shipments/scan-forms/${encodeURIComponent(form.id)}/file`,
    `scan-form-${form.shipDate}-${form.id.slice(0, 8)}.pdf`,
  );
}

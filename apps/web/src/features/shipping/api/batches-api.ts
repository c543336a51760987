import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BatchDto, BatchSummaryDto } from '@postwise/shared/schemas/shipment-batches';
import type { PaymentChoice } from '@postwise/shared/schemas/shipping';
import { downloadBlob, get, getPage, post, uploadFile } from '../../../lib/api-client';

/** How often a batch being rated or bought is asked for its progress. */
export const BATCH_POLL_MS = 1000;

export const batchKeys = {
  all: ['shipping', 'batches'] as const,
  list: (pageNo: number, pageSize: number) => [...batchKeys.all, 'list', pageNo, pageSize] as const,
  detail: (id: string) => [...batchKeys.all, 'detail', id] as const,
};

/** Whether the server is still working on the batch (rating its rows, or buying them). */
export const isBatchBusy = (batch: Pick<BatchSummaryDto, 'status'> | undefined) =>
  batch?.status === 'rating' || batch?.status === 'purchasing';

/** GET shipments/batches: own batches, newest first; refreshed while one of the page is still busy. */
export function useBatchPage(pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: batchKeys.list(pageNo, pageSize),
    queryFn: () => getPage<BatchSummaryDto>('shipments/batches', { pageNo, pageSize }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some(isBatchBusy) ? BATCH_POLL_MS : false),
  });
}

/** GET shipments/batches/{id}, asked again every second while its rows are rated or bought (the progress). */
export function useBatch(id: string) {
  return useQuery({
    queryKey: batchKeys.detail(id),
    queryFn: () => get<BatchDto>(`shipments/batches/${id}`),
    refetchInterval: (query) => (isBatchBusy(query.state.data) ? BATCH_POLL_MS : false),
  });
}

/** POST shipments/batches: the CSV in 'media' (upload progress in percent). */
export function useUploadBatch(onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadFile<BatchDto>('shipments/batches', file, onProgress),
    onSuccess: (batch) => {
      queryClient.setQueryData(batchKeys.detail(batch.id), batch);
      return queryClient.invalidateQueries({ queryKey: [...batchKeys.all, 'list'] });
    },
  });
}

/** POST shipments/batches/{id}/purchase: starts buying every valid row (a repeat answers the batch as it is). */
export function usePurchaseBatch(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payment: PaymentChoice) => post<BatchDto>(`shipments/batches/${id}/purchase`, { payment }),
    onSuccess: (batch) => {
      queryClient.setQueryData(batchKeys.detail(id), batch);
      return queryClient.invalidateQueries({ queryKey: [...batchKeys.all, 'list'] });
    },
  });
}

/** GET shipments/batches/template, saved as a file. */
export function downloadBatchTemplate() {
  return downloadBlob('shipments/batches/template', 'shipment-batch-template.csv');
}

/** GET shipments/batches/{id}/labels: every bought label in one PDF, saved as a file. */
export function downloadBatchLabels(id: string) {
  return downloadBlob(`shipments/batches/${id}/labels`, `batch-${id.slice(0, 8)}-labels.pdf`);
}

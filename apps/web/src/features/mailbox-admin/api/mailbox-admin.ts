import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '@postwise/shared/billing';
import type { Store } from '@postwise/shared/admin';
import type { MailItemKind, MailItemStatus, MailRequestStatus, MailRequestType } from '@postwise/shared/mail';
import type { MailSender } from '@postwise/shared/compliance';
import type { IntakeReading, MailboxDetail, MailboxSummary, MailItem, MailRequest } from '@postwise/shared/mail-api';
import type { CompleteMailRequestInput, MailRequestQuoteInput } from '@postwise/shared/schemas/mail';
import { downloadBlob, getById, getPage, post, uploadFile, uploadFiles } from '../../../lib/api-client';

export interface MailboxFilters {
  search?: string | undefined;
  storeId?: string | undefined;
  status?: 'active' | 'cancelled' | 'closed' | undefined;
}

export interface LabelFilters {
  status?: MailItemStatus | undefined;
  kind?: MailItemKind | undefined;
}

export type MailRequestFilters = {
  type?: MailRequestType | undefined;
  status?: MailRequestStatus | 'open' | undefined;
  storeId?: string | undefined;
};

/** Query keys of the operators' mail work; the live stream refreshes the root ['mailbox-admin']. */
export const mailboxAdminKeys = {
  all: ['mailbox-admin'] as const,
  mailboxes: (pageNo: number, pageSize: number, filters: MailboxFilters) =>
    [...mailboxAdminKeys.all, 'mailboxes', pageNo, pageSize, filters] as const,
  mailbox: (id: string) => [...mailboxAdminKeys.all, 'mailbox', id] as const,
  boxSearch: (text: string) => [...mailboxAdminKeys.all, 'box-search', text] as const,
  labels: (mailboxId: string, pageNo: number, pageSize: number, filters: LabelFilters) =>
    [...mailboxAdminKeys.all, 'labels', mailboxId, pageNo, pageSize, filters] as const,
  item: (id: string) => [...mailboxAdminKeys.all, 'item', id] as const,
  requests: (pageNo: number, pageSize: number, filters: MailRequestFilters) =>
    [...mailboxAdminKeys.all, 'requests', pageNo, pageSize, filters] as const,
  request: (id: string) => [...mailboxAdminKeys.all, 'request', id] as const,
  stores: () => [...mailboxAdminKeys.all, 'stores'] as const,
  senders: (mailboxId: string, text: string) => [...mailboxAdminKeys.all, 'senders', mailboxId, text] as const,
};

export function useMailboxes(pageNo: number, pageSize: number, filters: MailboxFilters) {
  return useQuery({
    queryKey: mailboxAdminKeys.mailboxes(pageNo, pageSize, filters),
    queryFn: () => getPage<MailboxSummary>('mailboxes', { pageNo, pageSize, query: { ...filters } }),
    placeholderData: keepPreviousData,
  });
}

/** The intake form's type-ahead: boxes by PMB number or name. */
export function useMailboxSearch(text: string) {
  return useQuery({
    queryKey: mailboxAdminKeys.boxSearch(text),
    queryFn: () => getPage<MailboxSummary>('mailboxes', { pageNo: 1, pageSize: 8, query: { search: text } }),
    enabled: text.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The intake form's sender type-ahead: senders this box received from, starting with what is typed. */
export function useBoxSenders(mailboxId: string | undefined, text: string) {
  const search = text.trim();
  return useQuery({
    queryKey: mailboxAdminKeys.senders(mailboxId ?? '', search),
    queryFn: () =>
      getPage<MailSender>(`mailboxes/${encodeURIComponent(mailboxId ?? '')}/senders`, {
        pageNo: 1,
        pageSize: 8,
        query: search ? { search } : {},
      }),
    enabled: Boolean(mailboxId),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** POST mail-intake/read: the PMB number, its box and the sender read from the envelope's photo. */
export function readIntakePhoto(photo: File) {
  return uploadFile<IntakeReading>('mail-intake/read', photo);
}

export function useMailbox(id: string | undefined | null) {
  return useQuery({
    queryKey: mailboxAdminKeys.mailbox(id ?? ''),
    queryFn: () => getById<MailboxDetail>('mailboxes', id ?? ''),
    enabled: Boolean(id),
    retry: false,
  });
}

export function useLabels(mailboxId: string, pageNo: number, pageSize: number, filters: LabelFilters) {
  return useQuery({
    queryKey: mailboxAdminKeys.labels(mailboxId, pageNo, pageSize, filters),
    queryFn: () =>
      getPage<MailItem>(`mailboxes/${encodeURIComponent(mailboxId)}/labels`, {
        pageNo,
        pageSize,
        query: { ...filters },
      }),
    placeholderData: keepPreviousData,
    enabled: Boolean(mailboxId),
  });
}

export function useOperatorItem(id: string | undefined) {
  return useQuery({
    queryKey: mailboxAdminKeys.item(id ?? ''),
    queryFn: () => getById<MailItem>('mail-items', id ?? ''),
    enabled: Boolean(id),
    retry: false,
  });
}

/** Stores for the filters (the caller's own for a sub-admin, all for the super admin). */
export function useStoreOptions() {
  return useQuery({
    queryKey: mailboxAdminKeys.stores(),
    queryFn: () => getPage<Store>('stores', { pageNo: 1, pageSize: 100 }).then((p) => p.items),
    staleTime: 5 * 60_000,
  });
}

export interface ReceiveMailFields {
  kind: MailItemKind;
  sender: string;
  carrier?: string | undefined;
  trackingNumber?: string | undefined;
  weightLb?: number | undefined;
  lengthIn?: number | undefined;
  widthIn?: number | undefined;
  heightIn?: number | undefined;
  message?: string | undefined;
}

/**
 * POST mailboxes/{id}/labels (multipart; the photos front and back in `media`), with upload progress. The key names
 * this entry: sending it again after a lost answer returns the item saved the first time, never a second one.
 */
export function receiveMail(
  mailboxId: string,
  fields: ReceiveMailFields,
  photos: File[],
  onProgress: (p: number) => void,
  idempotencyKey: string,
) {
  const form = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== ''));
  return uploadFiles<MailItem>(`mailboxes/${encodeURIComponent(mailboxId)}/labels`, photos, onProgress, {
    fields: form,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function useMailRequests(pageNo: number, pageSize: number, filters: MailRequestFilters) {
  return useQuery({
    queryKey: mailboxAdminKeys.requests(pageNo, pageSize, filters),
    queryFn: () => getPage<MailRequest>('mail-requests', { pageNo, pageSize, query: { ...filters } }),
    placeholderData: keepPreviousData,
  });
}

export function useMailRequestDetail(id: string | undefined) {
  return useQuery({
    queryKey: mailboxAdminKeys.request(id ?? ''),
    queryFn: () => getById<MailRequest>('mail-requests', id ?? ''),
    enabled: Boolean(id),
    retry: false,
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: mailboxAdminKeys.all });
}

export function useStartRequest(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => post<MailRequest>(`mail-requests/${encodeURIComponent(id)}/start`),
    onSettled: invalidate,
  });
}

export function useQuoteRequest(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: MailRequestQuoteInput) =>
      post<MailRequest>(`mail-requests/${encodeURIComponent(id)}/quote`, input),
    onSettled: invalidate,
  });
}

export function useCompleteRequest(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: Partial<CompleteMailRequestInput>) =>
      post<MailRequest>(`mail-requests/${encodeURIComponent(id)}/complete`, input),
    onSettled: invalidate,
  });
}

/**
 * POST mail-requests/{id}/buy-label: the forward's outbound label bought from the carrier in one click (tracking
 * attached, the customer e-mailed); its label is then downloaded to print.
 */
export function useBuyForwardLabel(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => post<MailRequest>(`mail-requests/${encodeURIComponent(id)}/buy-label`),
    onSettled: invalidate,
  });
}

/** GET mail-requests/{id}/label: the carrier's 4×6 label, saved to print. */
export function downloadForwardLabel(r: Pick<MailRequest, 'id' | 'outboundTracking'>) {
  return downloadBlob(`mail-requests/${encodeURIComponent(r.id)}/label`, `label-${r.outboundTracking ?? r.id}.pdf`);
}

/** A scan request is completed with the contents PDF in `media`. */
export function useCompleteScan(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { file: File; onProgress: (p: number) => void }) =>
      uploadFile<MailRequest>(`mail-requests/${encodeURIComponent(id)}/complete`, v.file, v.onProgress),
    onSettled: invalidate,
  });
}

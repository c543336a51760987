import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailFolder, MailItemKind, MailItemStatus } from '@postwise/shared/mail';
import type { CreatedMailRequest, MailItem, MailRequest } from '@postwise/shared/mail-api';
import type { Plan } from '@postwise/shared/plans';
import type { z } from 'zod';
import type { createMailRequestSchema } from '@postwise/shared/schemas/mail';
import { IDEMPOTENCY_KEY_HEADER } from '@postwise/shared/billing';

/** What the client sends (defaults such as note are filled in by the API's schema). */
export type CreateMailRequestInput = z.input<typeof createMailRequestSchema>;
import { getById, getPage, post } from '../../../lib/api-client';
import { mySubscriptionQueryOptions } from '../../../lib/my-subscription';
import { useUserStore } from '../../../stores/user-store';
import { useViewer } from '../../../stores/viewer';

export interface MailItemFilters {
  kind?: MailItemKind | undefined;
  status?: MailItemStatus | undefined;
  search?: string | undefined;
}

/**
 * Query keys of the customer's mail. The root ['mail'] is also what the live notification stream refreshes
 * when new mail or a finished request arrives (features/notifications).
 */
export const mailKeys = {
  all: ['mail'] as const,
  lists: () => [...mailKeys.all, 'list'] as const,
  list: (folder: MailFolder, pageNo: number, pageSize: number, filters: MailItemFilters) =>
    [...mailKeys.lists(), folder, pageNo, pageSize, filters] as const,
  detail: (id: string) => [...mailKeys.all, 'detail', id] as const,
  scanPackages: () => [...mailKeys.all, 'scan-packages'] as const,
};

/** GET mail-items?folder=…: paged in SQL, filtered by kind and status, searched by sender. */
export function useMailItems(folder: MailFolder, pageNo: number, pageSize: number, filters: MailItemFilters) {
  return useQuery({
    queryKey: mailKeys.list(folder, pageNo, pageSize, filters),
    queryFn: () => getPage<MailItem>('mail-items', { pageNo, pageSize, query: { folder, ...filters } }),
    placeholderData: keepPreviousData,
  });
}

export function useMailItem(id: string | undefined) {
  return useQuery({
    queryKey: mailKeys.detail(id ?? ''),
    queryFn: () => getById<MailItem>('mail-items', id ?? ''),
    enabled: Boolean(id),
    retry: false,
  });
}

/** subscriptions/my as the signed-in account and profile see it, shared with the subscription gate. */
function useMySubscriptionOptions() {
  const userId = useUserStore((s) => s.user?.id ?? '');
  const profile = useViewer()?.currentProfile ?? null;
  // The subscription gate above the screen has just fetched it (staleTime 0 there): no second request on mount.
  return { ...mySubscriptionQueryOptions(userId, profile), staleTime: 30_000 };
}

/** Scans left this period plus scan packages bought (subscriptions/my). */
export function useScansLeft(enabled = true) {
  return useQuery({
    ...useMySubscriptionOptions(),
    select: (s) => ({
      period: s.scansRemaining ?? 0,
      topup: s.topupScans ?? 0,
      total: (s.scansRemaining ?? 0) + (s.topupScans ?? 0),
    }),
    enabled,
  });
}

/** The plan's additional fees (consolidation per package) for the forward quote. */
export function usePlanFees() {
  return useQuery({
    ...useMySubscriptionOptions(),
    select: (s) => s.plan?.additionalFee ?? null,
  });
}

/** Several items at once (the other items of a consolidated forward). */
export function useMailItemsById(ids: readonly string[]) {
  return useQueries({
    queries: ids.map((id) => ({ queryKey: mailKeys.detail(id), queryFn: () => getById<MailItem>('mail-items', id) })),
    combine: (results) => ({
      items: results.map((r) => r.data).filter((i): i is MailItem => i !== undefined),
      isPending: results.some((r) => r.isPending),
      error: results.find((r) => r.error)?.error ?? null,
    }),
  });
}

/** Scan packages: the plans with validity topup (spec 2.9), offered when no scans are left. */
export function useScanPackages(enabled: boolean) {
  return useQuery({
    queryKey: mailKeys.scanPackages(),
    queryFn: () => getPage<Plan>('plans', { query: { validity: 'topup', serverPaging: false } }).then((p) => p.items),
    enabled,
  });
}

export function buyScanPackage(input: { plan: string; user: string }, idempotencyKey: string) {
  return post<unknown>('subscriptions', input, { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

/** POST mail-items/{id}/requests. A forward is paid when requested, so it carries an Idempotency-Key. */
export function createMailRequest(itemId: string, input: CreateMailRequestInput, idempotencyKey?: string) {
  return post<CreatedMailRequest>(`mail-items/${encodeURIComponent(itemId)}/requests`, input, {
    headers: idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } : {},
  });
}

function useInvalidateMail() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: mailKeys.all });
    void client.invalidateQueries({ queryKey: ['subscriptions'] });
  };
}

export function useCreateMailRequest() {
  const invalidate = useInvalidateMail();
  return useMutation({
    mutationFn: (v: { itemId: string; input: CreateMailRequestInput; idempotencyKey?: string }) =>
      createMailRequest(v.itemId, v.input, v.idempotencyKey),
    onSettled: invalidate,
  });
}

export function useCancelMailRequest() {
  const invalidate = useInvalidateMail();
  return useMutation({
    mutationFn: (requestId: string) => post<MailRequest>(`mail-requests/${encodeURIComponent(requestId)}/cancel`),
    onSettled: invalidate,
  });
}

export function useApproveQuote() {
  const invalidate = useInvalidateMail();
  return useMutation({
    mutationFn: (requestId: string) =>
      post<MailRequest>(`mail-requests/${encodeURIComponent(requestId)}/approve-quote`),
    onSettled: invalidate,
  });
}

/** POST mail-requests/{id}/passcode: a new pickup passcode (also unlocks a pickup locked by wrong passcodes). */
export function useReissuePasscode() {
  const invalidate = useInvalidateMail();
  return useMutation({
    mutationFn: (requestId: string) =>
      post<CreatedMailRequest>(`mail-requests/${encodeURIComponent(requestId)}/passcode`),
    onSettled: invalidate,
  });
}

export type FolderAction = 'archive' | 'trash' | 'restore';

/** POST mail-items/{id}/archive|trash|restore, for one item or several (bulk selection). */
export function useMoveItems() {
  const invalidate = useInvalidateMail();
  return useMutation({
    mutationFn: async (v: { ids: string[]; action: FolderAction }) => {
      const results = await Promise.allSettled(
        v.ids.map((id) => post<MailItem>(`mail-items/${encodeURIComponent(id)}/${v.action}`)),
      );
      const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      return { moved: results.length - failed.length, errors: failed.map((f) => f.reason as unknown) };
    },
    onSettled: invalidate,
  });
}

/** The customer's own mail request (timeline, quote) — GET mail-requests/{id}. */
export function useMailRequest(id: string | undefined) {
  return useQuery({
    queryKey: [...mailKeys.all, 'request', id ?? ''],
    queryFn: () => getById<MailRequest>('mail-requests', id ?? ''),
    enabled: Boolean(id),
  });
}

/** The requests the inbox can make for several selected items at once (one POST per item). */
export type BulkRequestType = 'scan' | 'shred' | 'junk';

export interface BulkRequestResult {
  done: number;
  errors: unknown[];
}

/** POST mail-items/{id}/requests for each item; one refusal (e.g. no scans left) does not stop the others. */
export function useBulkRequests() {
  const invalidate = useInvalidateMail();
  return useMutation({
    mutationFn: async (v: { ids: string[]; type: BulkRequestType }): Promise<BulkRequestResult> => {
      const input: CreateMailRequestInput =
        v.type === 'junk' ? { type: 'junk', alwaysForSender: false } : { type: v.type };
      const results = await Promise.allSettled(v.ids.map((id) => createMailRequest(id, input)));
      const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      return { done: results.length - failed.length, errors: failed.map((f) => f.reason as unknown) };
    },
    onSettled: invalidate,
  });
}

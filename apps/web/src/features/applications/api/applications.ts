import type { ApproveApplicationInput, RecordComplianceIdsInput } from '@postwise/shared/schemas/admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicationDetail, ApplicationItem, MailboxSummary } from '@postwise/shared/admin';
import { get, getPage, post, request } from '../../../lib/api-client';
import { openProtectedFile } from '../../../lib/protected-file';

export const applicationKeys = {
  all: ['applications'] as const,
  list: (pageNo: number, pageSize: number, filters: Record<string, unknown>) =>
    [...applicationKeys.all, 'list', { pageNo, pageSize, filters }] as const,
  detail: (userId: string) => [...applicationKeys.all, 'detail', userId] as const,
};

export function useApplications(pageNo: number, pageSize: number, filters: Record<string, unknown>) {
  return useQuery({
    queryKey: applicationKeys.list(pageNo, pageSize, filters),
    queryFn: () => getPage<ApplicationItem>('applications', { pageNo, pageSize, query: filters }),
    placeholderData: keepPreviousData,
  });
}

export function useApplication(userId: string | undefined) {
  return useQuery({
    queryKey: applicationKeys.detail(userId ?? ''),
    queryFn: () => get<ApplicationDetail>(`applications/${encodeURIComponent(userId ?? '')}`),
    enabled: Boolean(userId),
  });
}

export function useApproveApplication(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ApproveApplicationInput) =>
      post<MailboxSummary>(`applications/${encodeURIComponent(userId)}/approve`, input),
    onSuccess: () => client.invalidateQueries(),
  });
}

/** PUT applications/{userId}/compliance-ids: IDs checked after approval (a renewed ID). */
export function useRecordComplianceIds(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RecordComplianceIdsInput) =>
      request<ApplicationDetail>('PUT', `applications/${encodeURIComponent(userId)}/compliance-ids`, { body: input }),
    onSuccess: () => client.invalidateQueries(),
  });
}

export function useRejectApplication(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => post<null>(`applications/${encodeURIComponent(userId)}/reject`, { reason }),
    onSuccess: () => client.invalidateQueries(),
  });
}

/** Opens an uploaded ID in a new tab, in the words of a document rather than a file. */
export function openDocument(path: string): Promise<void> {
  return openProtectedFile(path, { forbidden: 'You cannot open this document.', notFound: 'Document not found' });
}

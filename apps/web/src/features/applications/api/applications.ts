import type { ApproveApplicationInput, RecordComplianceIdsInput } from '@postwise/shared/schemas/admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicationDetail, ApplicationItem, MailboxSummary } from '@postwise/shared/admin';
import { ACCESS_TOKEN_HEADER } from '@postwise/shared/constants';
import { apiUrl, get, getPage, post, request } from '../../../lib/api-client';
import { useUserStore } from '../../../stores/user-store';

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

/**
 * Opens an uploaded ID in a new tab. The file endpoint needs the access-token header, so the tab is opened at
 * once (within the click, so no popup blocker interferes) and pointed at the downloaded file when it arrives.
 */
export async function openDocument(path: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const token = useUserStore.getState().session?.accessToken;
    const response = await fetch(apiUrl(path), {
      headers: token ? { [ACCESS_TOKEN_HEADER]: token } : {},
      credentials: 'omit',
      cache: 'no-store',
    });
    if (!response.ok)
      throw new Error(response.status === 403 ? 'You cannot open this document.' : 'Document not found');
    const url = URL.createObjectURL(await response.blob());
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

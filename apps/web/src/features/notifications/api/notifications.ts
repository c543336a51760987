import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiPage } from '@postwise/shared/api-types';
import type { Notification } from '@postwise/shared/mail-api';
import { getPage, post } from '../../../lib/api-client';

export type NotificationPage = ApiPage<Notification> & { unreadCount?: number };

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (pageNo: number, pageSize: number) => [...notificationKeys.all, 'list', pageNo, pageSize] as const,
};

/** GET notifications: newest first, with the unread count for the bell. */
export function useNotifications(pageNo: number, pageSize: number, enabled = true) {
  return useQuery({
    queryKey: notificationKeys.list(pageNo, pageSize),
    queryFn: () => getPage<Notification>('notifications', { pageNo, pageSize }) as Promise<NotificationPage>,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** POST notifications/read: some ({ids}) or all ({all: true}). */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: string[] } | { all: true }) => post<unknown>('notifications/read', input),
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

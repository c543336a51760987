import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiPage } from '@postwise/shared/api-types';
import type { Notification } from '@postwise/shared/mail-api';
import { getPage, post } from '../../../lib/api-client';
import { useUserStore } from '../../../stores/user-store';

export type NotificationPage = ApiPage<Notification> & { unreadCount?: number };

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (userId: string, pageNo: number, pageSize: number) =>
    [...notificationKeys.all, 'list', userId, pageNo, pageSize] as const,
};

/**
 * GET notifications: newest first, with the unread count for the bell. Keyed by account (access-account switches
 * it), and a background widget: a 401 here never logs out by itself — switching accounts revokes sessions while
 * the bell may still be asking with the previous one; a real session loss is caught by the page's own calls.
 */
export function useNotifications(pageNo: number, pageSize: number, enabled = true) {
  const userId = useUserStore((s) => s.user?.id ?? '');
  return useQuery({
    queryKey: notificationKeys.list(userId, pageNo, pageSize),
    queryFn: () =>
      getPage<Notification>(
        'notifications',
        { pageNo, pageSize },
        { skipSessionCheck: true },
      ) as Promise<NotificationPage>,
    placeholderData: keepPreviousData,
    enabled: enabled && !!userId,
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

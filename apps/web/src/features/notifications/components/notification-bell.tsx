import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Popover } from 'radix-ui';
import { Bell, CheckCheck } from 'lucide-react';
import type { Notification } from '@postwise/shared/mail-api';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pagination } from '../../../components/ui/pagination';
import { Skeleton } from '../../../components/ui/skeleton';
import { timeAgo } from '../../../lib/format';
import { showError } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { listStores } from '../../../stores/list-stores';
import { useMarkRead, useNotifications } from '../api/notifications';
import { useNotificationStream } from '../api/notification-stream';

const store = listStores.notifications;

/** The bell of the top bar: unread count, the latest notifications, live through the event stream. */
export function NotificationBell() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const pageNo = store((s) => s.pageNo);
  const pageSize = store((s) => s.pageSize);
  const { setPage } = store.getState();
  const list = useNotifications(pageNo, pageSize);
  const markRead = useMarkRead();
  useNotificationStream();

  const unread = list.data?.unreadCount ?? list.data?.items.filter((n) => !n.readAt).length ?? 0;
  const openOne = (n: Notification) => {
    if (!n.readAt) markRead.mutate({ ids: [n.id] });
    setOpen(false);
    if (n.link) navigate(n.link);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="relative h-9"
          aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
          data-testid="notification-bell"
        >
          <Bell aria-hidden="true" />
          {unread ? (
            <span
              className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-orange px-1 text-[11px] font-bold text-orange-foreground"
              data-testid="notification-unread"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          className="z-50 grid w-[min(24rem,calc(100vw-1rem))] gap-0 rounded-card border bg-background shadow-xl"
          data-testid="notification-list"
        >
          <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
            <h2 className="font-semibold">Notifications</h2>
            <Button
              variant="ghost"
              size="sm"
              disabled={!unread}
              loading={markRead.isPending}
              onClick={() => markRead.mutate({ all: true }, { onError: showError })}
            >
              <CheckCheck aria-hidden="true" />
              Mark all read
            </Button>
          </div>
          <div className="max-h-[60vh] overflow-y-auto">
            {list.isPending ? (
              <div className="grid gap-2 p-4">
                <Skeleton className="h-10" />
                <Skeleton className="h-10" />
              </div>
            ) : list.isError ? (
              <p role="alert" className="p-4 text-sm text-destructive">
                {list.error.message}
              </p>
            ) : list.data.items.length === 0 ? (
              <EmptyState
                icon={Bell}
                title="No notifications yet"
                description="New mail and finished requests show up here."
              />
            ) : (
              <ul className="divide-y">
                {list.data.items.map((n) => (
                  <li key={n.id}>
                    <button
                      type="button"
                      onClick={() => openOne(n)}
                      className={cn(
                        'grid w-full gap-0.5 px-4 py-3 text-left hover:bg-surface focus-visible:outline-2 focus-visible:outline-ring',
                        !n.readAt && 'bg-primary-soft/40',
                      )}
                      data-testid="notification-item"
                    >
                      <span className="flex items-center gap-2 text-sm font-semibold">
                        {!n.readAt ? <span className="size-2 rounded-full bg-orange" aria-label="Unread" /> : null}
                        {n.title}
                      </span>
                      <span className="text-sm text-muted-foreground">{n.body}</span>
                      <span className="text-xs text-muted-foreground">{timeAgo(n.createdAt)}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          {list.data && list.data.total > pageSize ? (
            <div className="border-t p-2">
              <Pagination pageNo={pageNo} pageSize={pageSize} total={list.data.total} onPageChange={setPage} />
            </div>
          ) : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

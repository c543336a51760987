import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ACCESS_TOKEN_HEADER } from '@postwise/shared/constants';
import type { PushedNotification } from '@postwise/shared/mail-api';
import { apiUrl } from '../../../lib/api-client';
import { showNotice } from '../../../lib/toast';
import { useUserStore } from '../../../stores/user-store';
import { notificationKeys, type NotificationPage } from './notifications';

export interface SseEvent {
  event: string;
  data: string;
}

/** Splits a Server-Sent Events text stream into complete events (name and data); the unfinished tail is kept. */
export function parseSseChunk(buffer: string): { events: SseEvent[]; rest: string } {
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: SseEvent[] = [];
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

const RETRY_MS = [1_000, 3_000, 10_000, 30_000];

/**
 * Calls `start` once the page has loaded and the browser is idle. The stream never ends, so opened during the
 * first load it would keep the page "loading" for tools that wait for the network to settle, and compete with
 * the screen's own requests. Returns a cancel function.
 */
export function afterPageLoad(start: () => void): () => void {
  let cancelled = false;
  let idle: number | undefined;
  // Safari has no requestIdleCallback.
  const hasIdle = typeof window.requestIdleCallback === 'function';
  const schedule = () => {
    if (cancelled) return;
    idle = hasIdle ? window.requestIdleCallback(start, { timeout: 3000 }) : window.setTimeout(start, 500);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    if (idle === undefined) return;
    if (hasIdle) window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}

/**
 * Keeps GET notifications/stream open while signed in. EventSource cannot send the x-access-Token header, so
 * the stream is read with fetch (which can), parsed as Server-Sent Events, and reopened with backoff when it
 * drops. Each event refreshes the bell and the mail lists and shows a toast. It opens after the page has loaded.
 */
export function useNotificationStream(onEvent?: (notification: PushedNotification) => void) {
  const token = useUserStore((s) => s.session?.accessToken ?? null);
  const client = useQueryClient();
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    let attempt = 0;
    let reconnect = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const handle = ({ event: name, data }: SseEvent) => {
      if (name === 'ready') {
        // The first time, the list was loaded just before: refetch only when the unread count says it missed one.
        let unread: number | undefined;
        try {
          unread = (JSON.parse(data) as { unreadCount?: number }).unreadCount;
        } catch {
          unread = undefined;
        }
        const cached = client
          .getQueriesData<NotificationPage>({ queryKey: notificationKeys.all })
          .map(([, page]) => page?.unreadCount);
        if (reconnect || !cached.includes(unread)) void client.invalidateQueries({ queryKey: notificationKeys.all });
        reconnect = true;
        return;
      }
      if (name !== 'notification') return;
      let notification: PushedNotification;
      try {
        notification = JSON.parse(data) as PushedNotification;
      } catch {
        return;
      }
      if (!notification?.id) return;
      void client.invalidateQueries({ queryKey: notificationKeys.all });
      // The mail lists' root key (features/mail): new mail, a finished scan or request changes them.
      void client.invalidateQueries({ queryKey: ['mail'] });
      void client.invalidateQueries({ queryKey: ['mailbox-admin'] });
      showNotice(`${notification.title}: ${notification.body}`, notification.id);
      onEvent?.(notification);
    };

    const connect = async () => {
      try {
        const response = await fetch(apiUrl('notifications/stream'), {
          headers: { [ACCESS_TOKEN_HEADER]: token, Accept: 'text/event-stream', 'Cache-Control': 'no-cache' },
          credentials: 'omit',
          cache: 'no-store',
          signal: controller.signal,
        });
        if (response.status === 401 || response.status === 403) return;
        if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
        attempt = 0;
        // Anything missed while the stream was down shows up in the list: see `ready` above.
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const parsed = parseSseChunk(buffer + value);
          buffer = parsed.rest;
          parsed.events.forEach(handle);
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      if (controller.signal.aborted) return;
      const wait = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)] ?? 30_000;
      attempt += 1;
      timer = setTimeout(() => void connect(), wait);
    };
    const cancelStart = afterPageLoad(() => void connect());
    return () => {
      cancelStart();
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [token, client, onEvent]);
}

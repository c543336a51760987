import { describe, expect, it } from 'vitest';
import { parseSseChunk } from './notification-stream';

describe('parseSseChunk (GET notifications/stream)', () => {
  it('reads the event name and data of each complete event and keeps the unfinished tail', () => {
    const text =
      'retry: 5000\nevent: ready\ndata: {"unreadCount":2}\n\n' +
      'id: n1\nevent: notification\ndata: {"id":"n1","title":"New mail"}\n\n' +
      'event: notifi';
    const { events, rest } = parseSseChunk(text);
    expect(events).toEqual([
      { event: 'ready', data: '{"unreadCount":2}' },
      { event: 'notification', data: '{"id":"n1","title":"New mail"}' },
    ]);
    expect(rest).toBe('event: notifi');
  });

  it('skips heartbeat comments and joins multi-line data', () => {
    const { events } = parseSseChunk(': keep-alive\n\ndata: a\ndata: b\n\n');
    expect(events).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  it('accepts CRLF line endings', () => {
    expect(parseSseChunk('event: notification\r\ndata: {}\r\n\r\n').events).toEqual([
      { event: 'notification', data: '{}' },
    ]);
  });
});

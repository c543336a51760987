import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { suiteApp } from '../../../test/suite-app';
import { listenLocally } from '../../../test/test-app';
import { mailKit } from '../../mailbox/mail/mail-test-kit';

let base: string;

const suite = suiteApp();
beforeAll(async () => {
  base = await listenLocally(suite.t);
});

/** Opens the event stream with the session header (as the web client does with fetch) and collects events. */
function openStream(token: string) {
  const events: { event: string; data: unknown }[] = [];
  let buffer = '';
  let status = 0;
  const req = http.get(`${base}/api/v1/notifications/stream`, { headers: { 'x-access-token': token } }, (res) => {
    status = res.statusCode ?? 0;
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const name = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (name && data) events.push({ event: name, data: JSON.parse(data) });
      }
    });
  });
  req.on('error', () => undefined);
  return { events, status: () => status, close: () => req.destroy() };
}

async function until(check: () => boolean, ms = 3000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out waiting for the stream');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('GET notifications/stream', () => {
  it('pushes a new-mail notification live to the box holder and not to another customer', async () => {
    const k = mailKit(suite.t);
    const mine = openStream(await k.token('user@example.com'));
    const other = openStream(await k.token('mailbox@example.com'));
    try {
      await until(() => mine.events.length > 0 && other.events.length > 0);
      expect(mine.status()).toBe(200);
      expect(mine.events[0]).toMatchObject({ event: 'ready' });
      const res = await k.receive('superadmin@example.com', await k.mailboxOf('user@example.com'), {
        kind: 'letter',
        sender: 'Live Push Co',
      });
      expect(res.statusCode).toBe(200);
      await until(() => mine.events.some((e) => e.event === 'notification'));
      expect(mine.events.find((e) => e.event === 'notification')?.data).toMatchObject({
        kind: 'new_mail',
        title: 'New letter from Live Push Co',
      });
      await new Promise((r) => setTimeout(r, 100));
      expect(other.events.map((e) => e.event)).toEqual(['ready']);
    } finally {
      mine.close();
      other.close();
    }
  });

  it('answers 401 without a session', async () => {
    const res = await suite.t.app.inject({ method: 'GET', url: '/api/v1/notifications/stream' });
    expect(res.statusCode).toBe(401);
  });
});

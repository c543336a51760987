import { createServer, type Server, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../../integrations/mailer/create-mailer';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mailKit } from '../../mailbox/mail/mail-test-kit';

/**
 * SMTP goes away and comes back: nothing a request queued while it was away is lost or sent twice, and each
 * e-mail goes within the longest retry wait (EMAIL_RETRY_MAX_DELAY_SECONDS, 30 s by default, 3 s here so the test
 * is short) of SMTP's return. And a request never waits on SMTP, even on a server that accepts and never answers.
 */

interface Received {
  to: string;
  subject: string;
  messageId: string;
  at: number;
}

const CAP_SECONDS = 3;
const POLL_MS = 200;

function header(raw: string, name: string): string {
  const match = new RegExp(`^${name}:\\s*(.+(?:\\r?\\n[ \\t].+)*)`, 'im').exec(raw);
  return match ? match[1]!.replace(/\r?\n[ \t]+/g, ' ').trim() : '';
}

/** The production mailer (SMTP, no outbox), sending to the local server listening at `address`. */
function productionMailerAt(address: ReturnType<Server['address']>) {
  const port = typeof address === 'object' && address ? address.port : 0;
  return createMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: 'Postwise <no-reply@postwise.test>',
    dataDir: '/nonexistent',
    isProduction: true,
  });
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

describe('e-mail while SMTP refuses, then accepts', () => {
  let refusing = true;
  let refusals = 0;
  const received: Received[] = [];
  let server: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onConnect(_session, callback) {
        if (!refusing) return callback();
        refusals += 1;
        callback(Object.assign(new Error('Service unavailable, try again later'), { responseCode: 554 }));
      },
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          for (const to of session.envelope.rcptTo) {
            received.push({
              to: to.address,
              subject: header(raw, 'Subject'),
              messageId: header(raw, 'Message-ID'),
              at: Date.now(),
            });
          }
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    t = await createTestApp({
      mailer: productionMailerAt(server.server.address()),
      config: { JOBS_POLL_INTERVAL_MS: POLL_MS, EMAIL_RETRY_MAX_DELAY_SECONDS: CAP_SECONDS },
    });
  });

  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers every e-mail queued during the outage soon after SMTP returns, each once', async () => {
    const k = mailKit(t);
    const box = await k.mailboxOf('user@example.com');
    const requests = [
      await timed(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auths/forgot-password',
          payload: { email: 'shipper@example.com', authMethod: 'email' },
          remoteAddress: '198.51.100.40',
        }),
      ),
      await timed(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/users/contact',
          payload: { name: 'Kai', email: 'kai@example.org', message: 'Do you take pallets?' },
          remoteAddress: '198.51.100.41',
        }),
      ),
      await timed(() => k.receive('superadmin@example.com', box, { kind: 'letter', sender: 'Outage Test Co' })),
    ];
    for (const { result } of requests) expect(result.statusCode).toBe(200);
    const item = requests[2]!.result.json().data as { id: string };
    const pickup = await timed(() =>
      k.as('user@example.com', 'POST', `mail-items/${item.id}/requests`, { type: 'pickup' }),
    );
    expect(pickup.result.statusCode).toBe(200);
    requests.push(pickup);
    // No answer waited for the refusing server.
    for (const { ms } of requests) expect(ms).toBeLessThan(2000);

    // SMTP stays away long enough for several refused attempts and an uncapped back-off (2, 4, 8 s ...).
    await expect.poll(() => refusals, { timeout: 20_000, interval: 100 }).toBeGreaterThanOrEqual(8);
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(received).toHaveLength(0);
    refusing = false;
    const back = Date.now();

    const expected = [
      { to: 'shipper@example.com', subject: /reset/i },
      { to: 'support@postwise.local', subject: /Kai/ },
      { to: 'user@example.com', subject: /Outage Test Co|new mail/i },
      { to: 'user@example.com', subject: /passcode/i },
    ];
    await expect
      .poll(() => expected.every((e) => received.some((r) => r.to === e.to && e.subject.test(r.subject))), {
        timeout: 20_000,
        interval: 100,
      })
      .toBe(true);
    // Within the capped wait (plus a poll and a little slack) of the return, whatever the back-off had reached.
    const latest = Math.max(...received.map((r) => r.at)) - back;
    expect(latest).toBeLessThan((CAP_SECONDS + 2) * 1000);

    // Give a duplicate every chance to show up, then count: one message per job, none twice.
    await new Promise((resolve) => setTimeout(resolve, (CAP_SECONDS + 1) * 1000));
    const ids = received.map((r) => r.messageId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(received).toHaveLength(expected.length);
  }, 90_000);
});

describe('e-mail on an SMTP server that accepts and never answers', () => {
  let silent: Server;
  const sockets = new Set<Socket>();
  let t: TestApp;

  beforeAll(async () => {
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    t = await createTestApp({
      mailer: productionMailerAt(silent.address()),
      config: { JOBS_POLL_INTERVAL_MS: POLL_MS },
    });
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await t?.close();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('answers mail intake, contact and pickup requests without waiting for it', async () => {
    const k = mailKit(t);
    const box = await k.mailboxOf('user@example.com');
    const intake = await timed(() => k.receive('superadmin@example.com', box, { kind: 'letter', sender: 'Silent Co' }));
    expect(intake.result.statusCode).toBe(200);
    // The queue is already holding a connection to the silent server by now.
    await expect.poll(() => sockets.size, { timeout: 5000, interval: 50 }).toBeGreaterThan(0);
    const contact = await timed(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/users/contact',
        payload: { name: 'Ida', email: 'ida@example.org', message: 'Hello there' },
        remoteAddress: '198.51.100.42',
      }),
    );
    const item = intake.result.json().data as { id: string };
    const pickup = await timed(() =>
      k.as('user@example.com', 'POST', `mail-items/${item.id}/requests`, { type: 'pickup' }),
    );
    expect(contact.result.statusCode).toBe(200);
    expect(pickup.result.statusCode).toBe(200);
    for (const { ms } of [intake, contact, pickup]) expect(ms).toBeLessThan(2000);
  }, 60_000);
});

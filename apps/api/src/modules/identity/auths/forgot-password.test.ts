import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { type Mailer, type MailMessage, type SentMail, storedAttachments } from '../../../integrations/mailer/mailer';
import { suiteApp } from '../../../test/suite-app';
import { nextIp } from './applicant-test-kit';

/**
 * Forgot-password answers alike whether or not the e-mail has an account, without waiting for the
 * mailer, and a mailer that fails changes nothing in the answer.
 */

/** A mailer the test steers: it holds every send until released, or fails them. */
function steeredMailer() {
  const sent: MailMessage[] = [];
  let release: () => void = () => {};
  let held = new Promise<void>((resolve) => (release = resolve));
  const state = { mode: 'hold' as 'hold' | 'fail', calls: 0 };
  const mailer: Mailer = {
    kind: 'smtp',
    async send(message: MailMessage): Promise<SentMail> {
      state.calls += 1;
      if (state.mode === 'fail') throw new Error('SMTP 421 service not available');
      await held;
      sent.push(message);
      return {
        ...message,
        attachments: storedAttachments(message),
        id: randomUUID(),
        from: 'test',
        createdAt: new Date().toISOString(),
      };
    },
    async close() {},
  };
  return {
    mailer,
    sent,
    state,
    release: () => release(),
    rearm: () => (held = new Promise<void>((resolve) => (release = resolve))),
  };
}

const steer = steeredMailer();

const suite = suiteApp({ mailer: steer.mailer });

// Runs before suiteApp closes the app (after-hooks run in reverse order).
afterAll(() => {
  steer.release();
});

const forgot = (email: string) =>
  suite.t.app.inject({
    method: 'POST',
    url: '/api/v1/auths/forgot-password',
    payload: { email, authMethod: 'email' },
    remoteAddress: nextIp(),
  });

describe('POST /api/v1/auths/forgot-password', () => {
  it('answers a known e-mail before its mail is sent, in the same shape as an unknown one', async () => {
    steer.state.mode = 'hold';
    const known = await forgot('shipper@example.com');
    const unknown = await forgot('nobody-here@example.org');
    // The known e-mail's mail is still held by the mailer: the answer did not wait for it.
    expect(steer.sent).toHaveLength(0);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(Object.keys(known.json().data)).toEqual(Object.keys(unknown.json().data));
    expect(known.json().data.authTokenId).toMatch(/^[0-9a-f-]{36}$/);

    steer.release();
    await suite.t.drainJobs();
    expect(steer.sent.map((m) => m.to)).toEqual(['shipper@example.com']);
    steer.rearm();
  });

  it('answers the same when the mailer fails', async () => {
    steer.state.mode = 'fail';
    const calls = steer.state.calls;
    const known = await forgot('user@example.com');
    const unknown = await forgot('nobody-either@example.org');
    await suite.t.drainJobs();
    expect(steer.state.calls).toBe(calls + 1);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ isSuccess: true, data: { authTokenId: expect.any(String) } });
    expect(unknown.json()).toEqual({ isSuccess: true, data: { authTokenId: expect.any(String) } });
  });
});

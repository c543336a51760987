import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { createMailer } from './create-mailer';
import { createOutboxMailer } from './outbox-mailer';
import { contactMessageEmail, verificationCodeEmail, welcomeEmail } from './templates';

describe('SMTP mailer against a real SMTP server', () => {
  const received: { from: string; to: string[]; raw: string }[] = [];
  let server: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const address = server.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the verification e-mail with its code in both parts', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Postwise <no-reply@postwise.test>',
      dataDir: '/nonexistent',
      isProduction: true,
    });
    expect(mailer.kind).toBe('smtp');
    await mailer.send(verificationCodeEmail('ana@example.com', codeMail('4821')));
    await mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe('no-reply@postwise.test');
    expect(received[0]!.to).toEqual(['ana@example.com']);
    expect(received[0]!.raw).toContain('Subject: Your Postwise verification code: 4821');
    expect(received[0]!.raw).toContain('text/html');
    expect(received[0]!.raw).toContain('text/plain');
    // The one-click link travels with the code (a second factor the 4 digits lack).
    expect(received[0]!.raw).toContain('https://postwise.test/verify?linkToken=');
  });
});

function codeMail(code: string) {
  return {
    code,
    minutesValid: 10,
    linkUrl: 'https://postwise.test/verify?linkToken=Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5',
    linkMinutesValid: 60,
  };
}

describe('dev outbox', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'outbox-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps messages and lists them newest first', async () => {
    let t = Date.parse('2026-11-22T10:00:00Z');
    const outbox = createOutboxMailer({
      dir,
      from: 'Postwise <no-reply@postwise.test>',
      now: () => new Date((t += 1000)),
    });
    await outbox.send(verificationCodeEmail('a@example.com', codeMail('1111')));
    await outbox.send(welcomeEmail('b@example.com', 'Bea', 'http://localhost:3000/login'));
    const list = await outbox.list();
    expect(list.map((m) => m.to)).toEqual(['b@example.com', 'a@example.com']);
    expect(list[1]!.text).toContain('Your code: 1111');
    expect(list[0]!.from).toBe('Postwise <no-reply@postwise.test>');
  });

  it('is refused in production without SMTP', () => {
    expect(() => createMailer({ smtpUrl: undefined, from: 'x@y.z', dataDir: dir, isProduction: true })).toThrow(
      'SMTP_URL is required in production',
    );
  });
});

describe('templates', () => {
  it('escape what a visitor typed', () => {
    const m = contactMessageEmail('support@postwise.test', {
      name: '<script>alert(1)</script>',
      email: 'eve@example.com',
      message: 'Hi <b>there</b>',
    });
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('&lt;script&gt;');
    expect(m.replyTo).toBe('eve@example.com');
    expect(m.text).toContain('Hi <b>there</b>');
  });
});

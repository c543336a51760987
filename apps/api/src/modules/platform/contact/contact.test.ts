import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages, newsletterSubscriptions } from '../schema/contact';
import type { Mailer } from '../../../integrations/mailer/mailer';
import { suiteApp } from '../../../test/suite-app';
import { PDF, PNG, samePicture } from '../../../test/images';
import { type FormFile, multipartForm } from '../../../test/multipart-form';

let ipCounter = 0;
/** Each test sends from its own address, so the per-IP form limit (5 a minute) only bites where a test wants it. */
const nextIp = () => `198.51.100.${++ipCounter}`;

const suite = suiteApp();

const contact = (payload: unknown, ip = nextIp()) =>
  suite.t.app.inject({ method: 'POST', url: '/api/v1/users/contact', payload: payload as object, remoteAddress: ip });

function subscribeMultipart(fields: Record<string, string>, files: FormFile[] = [], ip = nextIp()) {
  const { payload, headers } = multipartForm(fields, files);
  return suite.t.app.inject({ method: 'POST', url: '/api/v1/users/subscribe', payload, headers, remoteAddress: ip });
}

async function subscriptionOf(email: string) {
  const [row] = await suite.t.database.db
    .select()
    .from(newsletterSubscriptions)
    .where(eq(sql`lower(${newsletterSubscriptions.email})`, email.toLowerCase()));
  return row;
}

describe('POST /api/v1/users/contact', () => {
  it('stores the message and e-mails support with reply-to the sender, without signing in', async () => {
    const message = 'Hi! Can I receive pallets at my mailbox address in Los Angeles?';
    const res = await contact({ name: 'Nadia Rahman', email: 'nadia@example.org', message });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isSuccess: true, data: null });

    const [stored] = await suite.t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'nadia@example.org'));
    expect(stored).toMatchObject({ name: 'Nadia Rahman', message, handledAt: null });

    const [mail] = await suite.t.outbox();
    expect(mail).toMatchObject({
      to: suite.t.config.mail.supportEmail,
      replyTo: 'nadia@example.org',
      subject: 'Contact form: Nadia Rahman',
    });
    expect(mail!.text).toContain(message);
  });

  it('escapes what the visitor typed in the HTML e-mail', async () => {
    await contact({ name: '<b>Eve</b>', email: 'eve@example.org', message: '<script>alert(1)</script>' });
    const [mail] = await suite.t.outbox();
    expect(mail!.html).not.toContain('<script>alert(1)</script>');
    expect(mail!.html).toContain('&lt;script&gt;');
  });

  it('trims the fields before storing them', async () => {
    await contact({ name: '  Tom Lee  ', email: ' tom@example.org ', message: '  Where is your store?  ' });
    const [row] = await suite.t.database.db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt))
      .limit(1);
    expect(row).toMatchObject({ name: 'Tom Lee', email: 'tom@example.org', message: 'Where is your store?' });
  });

  it.each([
    [{ email: 'a@example.org', message: 'Hello' }, 'name', 'Name is required'],
    [{ name: '   ', email: 'a@example.org', message: 'Hello' }, 'name', 'Name is required'],
    [{ name: 'Ann', email: 'not-an-email', message: 'Hello' }, 'email', 'Invalid email address'],
    // Empty or missing: the required message first; 'Invalid email address' is for something typed.
    [{ name: 'Ann', message: 'Hello' }, 'email', 'Email is required'],
    [{ name: 'Ann', email: 'a@example.org', message: '' }, 'message', 'Message is required'],
    [
      { name: 'Ann', email: 'a@example.org', message: 'x'.repeat(5001) },
      'message',
      'Message must be 5000 characters or fewer',
    ],
  ])('answers 422 with the spec 5 message for %j', async (payload, field, message) => {
    const before = await suite.t.database.db.$count(contactMessages);
    const res = await contact(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ isSuccess: false, code: 'VALIDATION_ERROR', message });
    expect(res.json().errors[field]).toBe(message);
    expect(await suite.t.database.db.$count(contactMessages)).toBe(before);
  });

  it('answers 422 for a request without a body', async () => {
    const res = await suite.t.app.inject({ method: 'POST', url: '/api/v1/users/contact', remoteAddress: nextIp() });
    expect(res.statusCode).toBe(422);
  });

  it('limits one address to 5 messages a minute (429 with Retry-After)', async () => {
    const ip = nextIp();
    const body = { name: 'Spammy', email: 'spam@example.org', message: 'Buy now' };
    for (let i = 0; i < 5; i++) expect((await contact(body, ip)).statusCode).toBe(200);
    const limited = await contact(body, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ isSuccess: false, code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another visitor is not affected.
    expect((await contact(body)).statusCode).toBe(200);
  });
});

describe('POST /api/v1/users/subscribe', () => {
  const fields = { name: 'Rosa Diaz', email: 'rosa@example.org', phone: '3105550111' };

  it("subscribes and answers 'Subscribed successfully' (multipart without a file)", async () => {
    const res = await subscribeMultipart(fields);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isSuccess: true, data: null, message: 'Subscribed successfully' });
    expect(await subscriptionOf('rosa@example.org')).toMatchObject({
      name: 'Rosa Diaz',
      phone: '3105550111',
      attachmentKey: null,
    });
  });

  it('accepts a JSON body too', async () => {
    const res = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/users/subscribe',
      payload: { name: 'Json Person', email: 'json@example.org', phone: '2135550100' },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(200);
    expect(await subscriptionOf('json@example.org')).toBeDefined();
  });

  it('stores an image checked by its content in file storage', async () => {
    const res = await subscribeMultipart({ ...fields, email: 'with-image@example.org' }, [
      { name: 'card.png', type: 'image/png', body: PNG },
    ]);
    expect(res.statusCode).toBe(200);
    const row = await subscriptionOf('with-image@example.org');
    expect(row?.attachmentContentType).toBe('image/png');
    const stored = await suite.t.app.storage.get(row!.attachmentKey!);
    expect(await samePicture(stored!.body, PNG)).toBe(true);
  });

  it('handles a second sign-up of the same address gracefully: same answer, one row, updated, old file removed', async () => {
    const email = 'Repeat@Example.org';
    await subscribeMultipart({ ...fields, email }, [{ name: 'a.png', type: 'image/png', body: PNG }]);
    const first = await subscriptionOf(email);
    const again = await subscribeMultipart({ name: 'Rosa D. Diaz', email: 'repeat@example.org', phone: '3105550199' }, [
      { name: 'b.pdf', type: 'application/pdf', body: PDF },
    ]);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('Subscribed successfully');
    const rows = await suite.t.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(sql`lower(${newsletterSubscriptions.email})`, 'repeat@example.org'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first!.id, name: 'Rosa D. Diaz', phone: '3105550199' });
    expect(rows[0]!.attachmentContentType).toBe('application/pdf');
    expect(await suite.t.app.storage.get(first!.attachmentKey!)).toBeNull();
    // A later sign-up without a file keeps the file on record.
    await subscribeMultipart({ ...fields, email });
    expect((await subscriptionOf(email))!.attachmentKey).toBe(rows[0]!.attachmentKey);
  });

  it.each([
    [{ email: 'a@example.org', phone: '3105550111' }, 'name', 'Name is required'],
    [{ name: 'Ann', email: 'nope', phone: '3105550111' }, 'email', 'Invalid email address'],
    [{ name: 'Ann', email: 'a@example.org', phone: '' }, 'phone', 'Phone number is required'],
    [{ name: 'Ann', email: 'a@example.org', phone: '310555' }, 'phone', 'Phone number is required'],
    [{ name: 'Ann', email: 'a@example.org', phone: '31055501112' }, 'phone', 'Phone number cannot exceed 10 digits'],
  ])('answers 422 with the spec 5 message for %j', async (input, field, message) => {
    const res = await subscribeMultipart(input as Record<string, string>);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ isSuccess: false, code: 'VALIDATION_ERROR', message });
    expect(res.json().errors[field]).toBe(message);
  });

  it('rejects a file that is not an image or PDF by its content, whatever its name says', async () => {
    const res = await subscribeMultipart({ ...fields, email: 'fake@example.org' }, [
      { name: 'photo.png', type: 'image/png', body: Buffer.from('MZ\x90\x00 this is really a program') },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'File must be an image or a PDF' });
    expect(res.json().errors.file).toBe('File must be an image or a PDF');
    expect(await subscriptionOf('fake@example.org')).toBeUndefined();
  });

  it('rejects a file over the size limit', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await subscribeMultipart({ ...fields, email: 'big@example.org' }, [
      { name: 'big.pdf', type: 'application/pdf', body: big },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('File must be 10 MB or smaller');
    expect(await subscriptionOf('big@example.org')).toBeUndefined();
  });

  it('rejects more than one file', async () => {
    const res = await subscribeMultipart({ ...fields, email: 'two@example.org' }, [
      { name: 'a.png', type: 'image/png', body: PNG },
      { name: 'b.png', type: 'image/png', body: PNG },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toBe('Attach one file at most');
  });

  it('does not check or store a file when the fields are invalid', async () => {
    const puts: string[] = [];
    const original = suite.t.app.storage.put.bind(suite.t.app.storage);
    suite.t.app.storage.put = async (key, body, type) => {
      puts.push(key);
      return original(key, body, type);
    };
    try {
      const res = await subscribeMultipart({ name: '', email: 'x@example.org', phone: '3105550111' }, [
        { name: 'a.png', type: 'image/png', body: PNG },
      ]);
      expect(res.statusCode).toBe(422);
      expect(puts).toEqual([]);
    } finally {
      suite.t.app.storage.put = original;
    }
  });

  it('limits one address to 5 sign-ups a minute', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await subscribeMultipart(fields, [], ip)).statusCode).toBe(200);
    const limited = await subscribeMultipart(fields, [], ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });
});

describe('contact e-mail failure', () => {
  it('keeps the message and still answers success when the mailer fails', async () => {
    const mailer = suite.t.app.mailer as Mailer;
    const original = mailer.send.bind(mailer);
    mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      const res = await contact({ name: 'Kai', email: 'kai@example.org', message: 'Do you accept pallets?' });
      expect(res.statusCode).toBe(200);
      expect(await suite.t.database.db.$count(contactMessages, eq(contactMessages.email, 'kai@example.org'))).toBe(1);
    } finally {
      mailer.send = original;
    }
  });
});

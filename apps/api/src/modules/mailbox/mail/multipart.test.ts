import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { suiteApp } from '../../../test/suite-app';
import { mailKit, multipart, PDF, PNG } from './mail-test-kit';

/**
 * Multipart requests get the same text checks as JSON ones (NUL, lone surrogates, length: 422), a malformed
 * body (missing or truncated boundary) answers 400 instead of 500, and a refused request leaves no file behind.
 */

let userBox: string;

const SUPER = 'superadmin@example.com';
const USER = 'user@example.com';
const BOUNDARY = '----postwise-mail-boundary';

const suite = suiteApp(mailKit);
beforeAll(async () => {
  userBox = await suite.kit.mailboxOf(USER);
});

/** Every stored file (not folder) under the test app's storage, so a test sees what a refused call left. */
function storedFiles(): string[] {
  const root = path.join(suite.t.config.dataDir, 'files');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

/** Empty folders left under the mail photos (a refused intake must not leave one per attempt). */
function emptyFolders(): string[] {
  const root = path.join(suite.t.config.dataDir, 'files');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => path.join(e.parentPath, e.name))
    .filter((dir) => readdirSync(dir).length === 0);
}

const receive = (payload: Buffer | string, contentType = `multipart/form-data; boundary=${BOUNDARY}`) =>
  suite.kit.as(SUPER, 'POST', `mailboxes/${userBox}/labels`, payload, { 'content-type': contentType });

describe('text fields of multipart requests', () => {
  it.each([
    ['a NUL in sender', { kind: 'letter', sender: 'Acme\u0000Parts' }, 'sender'],
    ['a NUL in message', { kind: 'letter', sender: 'Acme Parts', message: 'left at\u0000 the door' }, 'message'],
    ['a field longer than any field may be', { kind: 'letter', sender: 'x'.repeat(5_000) }, 'sender'],
  ])('answers 422 for %s on receive-mail and stores no photo', async (_name, fields, field) => {
    const before = storedFiles();
    const form = multipart(fields, [{ body: PNG, name: 'front.png', type: 'image/png' }]);
    const res = await receive(form.payload);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ isSuccess: false, code: 'VALIDATION_ERROR' });
    expect(Object.keys(res.json().errors)).toContain(field);
    expect(storedFiles()).toEqual(before);
    expect(emptyFolders()).toEqual([]);
  });

  it('answers 422 for a NUL in the note of complete, and stores no scan', async () => {
    const item = (await suite.kit.receive(SUPER, userBox, { kind: 'letter', sender: 'Scan Me Co' })).json().data;
    const made = (await suite.kit.as(USER, 'POST', `mail-items/${item.id}/requests`, { type: 'scan' })).json().data
      .request;
    const before = storedFiles();
    const form = multipart({ note: 'scanned\u0000' }, [{ body: PDF, name: 'scan.pdf', type: 'application/pdf' }]);
    const res = await suite.kit.as(SUPER, 'POST', `mail-requests/${made.id}/complete`, form.payload, form.headers);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('note');
    expect(storedFiles()).toEqual(before);
    const done = multipart({ note: 'scanned' }, [{ body: PDF, name: 'scan.pdf', type: 'application/pdf' }]);
    expect(
      (await suite.kit.as(SUPER, 'POST', `mail-requests/${made.id}/complete`, done.payload, done.headers)).statusCode,
    ).toBe(200);
  });

  it('leaves no scan behind when completing is refused after the upload (already completed)', async () => {
    const item = (await suite.kit.receive(SUPER, userBox, { kind: 'letter', sender: 'Twice Co' })).json().data;
    const made = (await suite.kit.as(USER, 'POST', `mail-items/${item.id}/requests`, { type: 'scan' })).json().data
      .request;
    const form = multipart({}, [{ body: PDF, name: 'scan.pdf', type: 'application/pdf' }]);
    expect(
      (await suite.kit.as(SUPER, 'POST', `mail-requests/${made.id}/complete`, form.payload, form.headers)).statusCode,
    ).toBe(200);
    const before = storedFiles();
    const again = await suite.kit.as(SUPER, 'POST', `mail-requests/${made.id}/complete`, form.payload, form.headers);
    expect(again.statusCode).toBe(409);
    expect(storedFiles()).toEqual(before);
  });
});

describe('malformed multipart bodies answer 400', () => {
  const valid = () =>
    multipart({ kind: 'letter', sender: 'Acme Parts' }, [{ body: PNG, name: 'a.png', type: 'image/png' }]);

  it('without a boundary in the content type, on receive-mail, complete and ID replacement', async () => {
    const form = valid();
    const noBoundary = 'multipart/form-data';
    const onReceive = await receive(form.payload, noBoundary);
    expect(onReceive.statusCode).toBe(400);
    expect(onReceive.json()).toMatchObject({ isSuccess: false, code: 'BAD_REQUEST' });

    const item = (await suite.kit.receive(SUPER, userBox, { kind: 'letter', sender: 'Boundary Co' })).json().data;
    const made = (await suite.kit.as(USER, 'POST', `mail-items/${item.id}/requests`, { type: 'scan' })).json().data
      .request;
    const onComplete = await suite.kit.as(SUPER, 'POST', `mail-requests/${made.id}/complete`, form.payload, {
      'content-type': noBoundary,
    });
    expect(onComplete.statusCode).toBe(400);

    const onReplace = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/account-settings/profile/documents',
      headers: { 'x-access-Token': await suite.kit.token(USER), 'content-type': noBoundary },
      payload: form.payload,
    });
    expect(onReplace.statusCode).toBe(400);
  });

  it('with a body cut before its closing boundary, leaving no file', async () => {
    const before = storedFiles();
    const form = valid();
    const cut = form.payload.subarray(0, form.payload.length - 40);
    const res = await receive(cut);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
    expect(storedFiles()).toEqual(before);

    const onReplace = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/account-settings/profile/documents',
      headers: { 'x-access-Token': await suite.kit.token(USER), 'content-type': form.headers['content-type'] },
      payload: multipart({ kind: 'photoId', idType: 'Passport' }, [
        { body: PNG, name: 'a.png', type: 'image/png' },
      ]).payload.subarray(0, 150),
    });
    expect(onReplace.statusCode).toBe(400);
    expect(storedFiles()).toEqual(before);
  });
});

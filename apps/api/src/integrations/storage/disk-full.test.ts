import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import * as nodeFs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { createTestApp, type TestApp } from '../../test/test-app';
import { mailKit, PNG } from '../../modules/mailbox/mail/mail-test-kit';
import { createDiskStorage, type DiskFs, STORAGE_MESSAGES } from './disk-storage';

/**
 * A full disk or an unwritable storage directory: uploads answer a clear 507 or 503 with a message, and no
 * empty or cut file is left (the attack run found five empty photos, one cut at 4,096 bytes and an empty
 * .meta.json). The failures are played by the fs calls (root ignores a read-only directory's permissions).
 */

const errno = (code: string) => Object.assign(new Error(`${code}: simulated`), { code });

/** An fs whose writes fail with `code` after writing the first 4,096 bytes (like a disk filling up mid-file). */
function failingFs(code: string, state: { failing: boolean }): DiskFs {
  return {
    ...nodeFs,
    async writeFile(file, data, options) {
      if (!state.failing) return nodeFs.writeFile(file, data, options);
      const bytes = Buffer.isBuffer(data) ? data : Buffer.from(String(data));
      await nodeFs.writeFile(file, bytes.subarray(0, Math.min(4096, bytes.length)), options);
      throw errno(code);
    },
  } as DiskFs;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe('disk storage when writes fail', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'files-full-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it.each([
    ['ENOSPC', 507, STORAGE_MESSAGES.full],
    ['EROFS', 503, STORAGE_MESSAGES.unavailable],
    ['EACCES', 503, STORAGE_MESSAGES.unavailable],
  ])('answers %s as %i with a message and leaves no file or folder', async (code, status, message) => {
    const storage = createDiskStorage(root, failingFs(code, { failing: true }));
    const err = await storage.put(`mail/box-${code}/item/photo-0`, Buffer.alloc(20_000, 7), 'image/png').then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect({ status: (err as AppError).httpStatus, message: (err as AppError).message }).toEqual({ status, message });
    expect(filesUnder(root)).toEqual([]);
    expect(existsSync(path.join(root, 'mail'))).toBe(false);
  });

  it('never shows a half-written file under its key: the old file stays until the new one is whole', async () => {
    const state = { failing: false };
    const storage = createDiskStorage(root, failingFs('ENOSPC', state));
    await storage.put('documents/u1/photo', PNG, 'image/png');
    state.failing = true;
    await expect(storage.put('documents/u1/photo', Buffer.alloc(50_000, 1), 'image/png')).rejects.toThrow();
    const kept = await storage.get('documents/u1/photo');
    expect(kept?.body.equals(PNG)).toBe(true);
    expect(filesUnder(root).sort()).toEqual(['documents/u1/photo', 'documents/u1/photo.meta.json']);
  });
});

describe('uploads while the storage is full', () => {
  let t: TestApp;
  const state = { failing: false };
  beforeAll(async () => {
    t = await createTestApp({
      storage: (config) => createDiskStorage(path.join(config.dataDir, 'files'), failingFs('ENOSPC', state)),
    });
  });
  afterAll(async () => t?.close());

  it('answers 507 with a message to receive-mail and keeps neither the item nor a file', async () => {
    const k = mailKit(t);
    const box = await k.mailboxOf('user@example.com');
    const before = filesUnder(path.join(t.config.dataDir, 'files'));
    state.failing = true;
    try {
      const res = await k.receive(
        'superadmin@example.com',
        box,
        { kind: 'package', sender: 'Full Disk Co', weightLb: '2' },
        [
          { body: PNG, name: 'front.png', type: 'image/png' },
          { body: PNG, name: 'back.png', type: 'image/png' },
        ],
      );
      expect(res.statusCode).toBe(507);
      expect(res.json()).toEqual({ isSuccess: false, code: 'INSUFFICIENT_STORAGE', message: STORAGE_MESSAGES.full });
    } finally {
      state.failing = false;
    }
    expect(filesUnder(path.join(t.config.dataDir, 'files'))).toEqual(before);
    const items = await k.as('user@example.com', 'GET', 'mail-items?folder=inbox&pageSize=100&search=Full%20Disk');
    expect(items.json().items).toEqual([]);
  });
});

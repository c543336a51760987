import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import * as nodeFs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../lib/errors';
import { assertSafeKey, type FileStorage, type StoredFile } from './file-storage';

export const STORAGE_MESSAGES = {
  full: 'There is no room left to store files. Please try again later.',
  unavailable: 'Files cannot be stored right now. Please try again later.',
} as const;

/** The disk is full (or over quota): 507 Insufficient Storage. */
const FULL = new Set(['ENOSPC', 'EDQUOT']);
/** The storage directory cannot be written (read-only, permissions, I/O error): 503 with Retry-After. */
const UNWRITABLE = new Set(['EROFS', 'EACCES', 'EPERM', 'EIO']);

/** A write failure as the client should see it: a clear 507 or 503 instead of a 500. */
export function storageError(err: unknown): unknown {
  const code = (err as NodeJS.ErrnoException)?.code ?? '';
  if (FULL.has(code)) return new AppError(507, 'INSUFFICIENT_STORAGE', STORAGE_MESSAGES.full);
  if (UNWRITABLE.has(code)) {
    return new AppError(503, 'SERVICE_UNAVAILABLE', STORAGE_MESSAGES.unavailable, undefined, { 'retry-after': '60' });
  }
  return err;
}

/** The fs calls the disk storage makes (tests swap one for a failing one to play a full disk). */
export type DiskFs = Pick<typeof nodeFs, 'mkdir' | 'readFile' | 'writeFile' | 'rename' | 'rm' | 'rmdir' | 'access'>;

/**
 * Embedded default: files under a directory (DATA_DIR/files), with the content type kept beside each file.
 *
 * A file appears whole or not at all: body and meta are written to temporary names in the same folder and
 * renamed into place (rename is atomic on one file system), so a full disk or a crash mid-write leaves no empty
 * or cut file under a real key; whatever a failed write left is removed, folders it made included.
 */
export function createDiskStorage(root: string, fs: DiskFs = nodeFs): FileStorage {
  const fileFor = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split('/'));
  };

  /** Removes the now empty folders between `dir` and the root (a folder of photos whose item was refused). */
  async function pruneEmptyFolders(dir: string) {
    for (let current = dir; current.startsWith(root + path.sep); current = path.dirname(current)) {
      try {
        await fs.rmdir(current);
      } catch {
        return; // not empty (or gone): stop here
      }
    }
  }

  return {
    kind: 'disk',
    async put(key, body, contentType) {
      const file = fileFor(key);
      const dir = path.dirname(file);
      const suffix = `.${randomBytes(6).toString('hex')}.tmp`;
      const tmpBody = `${file}${suffix}`;
      const tmpMeta = `${file}.meta.json${suffix}`;
      try {
        await fs.mkdir(dir, { recursive: true });
        await fs.writeFile(tmpBody, body);
        await fs.writeFile(tmpMeta, JSON.stringify({ contentType }));
        // Meta first: a reader finds the body only once its meta is there.
        await fs.rename(tmpMeta, `${file}.meta.json`);
        await fs.rename(tmpBody, file);
      } catch (err) {
        await Promise.allSettled([fs.rm(tmpBody, { force: true }), fs.rm(tmpMeta, { force: true })]);
        await pruneEmptyFolders(dir);
        throw storageError(err);
      }
    },
    async get(key): Promise<StoredFile | null> {
      const file = fileFor(key);
      try {
        const [body, meta] = await Promise.all([fs.readFile(file), fs.readFile(`${file}.meta.json`, 'utf8')]);
        return { body, contentType: (JSON.parse(meta) as { contentType: string }).contentType };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      const file = fileFor(key);
      await fs.rm(file, { force: true });
      await fs.rm(`${file}.meta.json`, { force: true });
      await pruneEmptyFolders(path.dirname(file));
    },
    async check() {
      await fs.mkdir(root, { recursive: true });
      await fs.access(root, constants.W_OK);
    },
  };
}

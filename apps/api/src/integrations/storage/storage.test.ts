import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from './disk-storage';
import type { FileStorage } from './file-storage';
import { createS3Storage } from './s3-storage';
import { checkUpload } from './upload-check';
import { PDF, PNG } from '../../test/images';

async function contract(storage: FileStorage) {
  await storage.put('documents/u1/photo-id', PNG, 'image/png');
  const got = await storage.get('documents/u1/photo-id');
  expect(got?.contentType).toBe('image/png');
  expect(got?.body.equals(PNG)).toBe(true);
  expect(await storage.get('documents/u1/missing')).toBeNull();
  await storage.delete('documents/u1/photo-id');
  expect(await storage.get('documents/u1/photo-id')).toBeNull();
  await expect(storage.put('../etc/passwd', PNG, 'image/png')).rejects.toThrow('Unsafe storage key');
  await expect(storage.get('documents/../../x')).rejects.toThrow('Unsafe storage key');
}

describe('disk storage', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'files-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stores, reads and deletes files, refusing unsafe keys', async () => {
    await contract(createDiskStorage(dir));
  });

  it('passes its readiness check on a writable directory and fails it where no directory can be', async () => {
    await expect(createDiskStorage(path.join(dir, 'new', 'files')).check()).resolves.toBeUndefined();
    const file = path.join(dir, 'a-file');
    writeFileSync(file, 'not a directory');
    await expect(createDiskStorage(path.join(file, 'files')).check()).rejects.toThrow();
  });
});

describe('S3 storage against a local S3 fake through the SDK endpoint option', () => {
  const objects = new Map<string, { body: Buffer; type: string }>();
  let server: Server;
  let endpoint = '';

  beforeAll(async () => {
    // Path-style S3: /<bucket>/<key>. Answers like S3 does for the three calls we make.
    server = createServer((req, res) => {
      const key = decodeURIComponent((req.url ?? '').split('?')[0]!);
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (req.method === 'PUT') {
          objects.set(key, { body: Buffer.concat(chunks), type: String(req.headers['content-type']) });
          res.writeHead(200, { etag: '"1"' }).end();
        } else if (req.method === 'GET') {
          const o = objects.get(key);
          if (!o) {
            res
              .writeHead(404, { 'content-type': 'application/xml' })
              .end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>');
            return;
          }
          res.writeHead(200, { 'content-type': o.type, 'content-length': o.body.length }).end(o.body);
        } else if (req.method === 'HEAD') {
          // HeadBucket: only the test bucket exists.
          res.writeHead(key.replace(/\/$/, '') === '/postwise-test' ? 200 : 404).end();
        } else if (req.method === 'DELETE') {
          objects.delete(key);
          res.writeHead(204).end();
        } else {
          res.writeHead(405).end();
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const a = server.address();
    endpoint = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  });

  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('stores, reads and deletes objects in the bucket', async () => {
    const storage = createS3Storage({
      bucket: 'postwise-test',
      region: 'us-west-2',
      endpoint,
      forcePathStyle: true,
      accessKeyId: 'test',
      secretAccessKey: 'test',
    });
    await contract(storage);
    expect([...objects.keys()]).toEqual([]);
  });

  it('passes its readiness check when the bucket answers, and fails it when the bucket is missing', async () => {
    const options = {
      region: 'us-west-2',
      endpoint,
      forcePathStyle: true,
      accessKeyId: 'test',
      secretAccessKey: 'test',
    };
    await expect(createS3Storage({ ...options, bucket: 'postwise-test' }).check()).resolves.toBeUndefined();
    await expect(createS3Storage({ ...options, bucket: 'no-such-bucket' }).check()).rejects.toThrow();
  });
});

describe('upload check by content', () => {
  it('accepts images and PDFs by their bytes', async () => {
    expect(await checkUpload('photoIdFile', PNG)).toBe('image/png');
    expect(await checkUpload('photoIdFile', PDF)).toBe('application/pdf');
  });

  it('rejects a renamed text file, an empty file and an oversize file with a clear 422', async () => {
    await expect(
      checkUpload('photoIdFile', Buffer.from('just text pretending to be photo.png'), { label: 'Photo ID file' }),
    ).rejects.toMatchObject({
      httpStatus: 422,
      message: 'Photo ID file must be an image or a PDF',
      errors: { photoIdFile: 'Photo ID file must be an image or a PDF' },
    });
    await expect(checkUpload('file', Buffer.alloc(0))).rejects.toMatchObject({ httpStatus: 422 });
    await expect(
      checkUpload('file', Buffer.concat([PNG, Buffer.alloc(2048)]), { maxBytes: 1024 }),
    ).rejects.toMatchObject({
      httpStatus: 422,
    });
  });

  it('rejects a PDF where only images are accepted', async () => {
    await expect(
      checkUpload('logo', PDF, { accept: ['image/png', 'image/jpeg'], label: 'Logo' }),
    ).rejects.toMatchObject({
      message: 'Logo must be an image',
    });
  });
});

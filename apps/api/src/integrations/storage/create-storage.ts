import path from 'node:path';
import { createDiskStorage } from './disk-storage';
import type { FileStorage } from './file-storage';
import { createS3Storage, type S3Options } from './s3-storage';

/** S3 when a bucket is configured, otherwise a directory under DATA_DIR. */
export function createFileStorage(opts: { dataDir: string; s3?: S3Options }): FileStorage {
  if (opts.s3?.bucket) return createS3Storage(opts.s3);
  return createDiskStorage(path.join(opts.dataDir, 'files'));
}

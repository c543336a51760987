import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';
import type { AppConfig } from '../../../config';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const KEY_FILE = 'vapid-keys.json';

function isKeyPair(value: unknown): value is VapidKeys {
  const v = value as Partial<VapidKeys> | null;
  return typeof v?.publicKey === 'string' && typeof v.privateKey === 'string';
}

/**
 * The VAPID key pair: the configured one; outside production without one, a pair generated once and kept in
 * DATA_DIR (browsers subscribe with the public key, so it must not change between restarts); in production
 * without one, none (push is off).
 */
export async function resolveVapidKeys(config: Pick<AppConfig, 'push' | 'isProduction' | 'dataDir'>) {
  if (config.push.vapid) return config.push.vapid;
  if (config.isProduction) return undefined;
  const file = path.join(config.dataDir, KEY_FILE);
  const stored = await readKeys(file);
  if (stored) return stored;
  const generated = webpush.generateVAPIDKeys();
  await mkdir(config.dataDir, { recursive: true });
  // Written beside and renamed, so a second process starting at once never reads half a file; if both
  // generated, the rename that lands last wins and both read it back.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, JSON.stringify(generated), { mode: 0o600 });
  await rename(partial, file);
  return (await readKeys(file)) ?? generated;
}

async function readKeys(file: string): Promise<VapidKeys | undefined> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    return isKeyPair(parsed) ? parsed : undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

import webpush from 'web-push';
import type { AppConfig } from '../../../config';
import { keptInDataDir } from '../../../lib/kept-secret';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

function isKeyPair(value: unknown): value is VapidKeys {
  const v = value as Partial<VapidKeys> | null;
  return typeof v?.publicKey === 'string' && typeof v.privateKey === 'string';
}

/**
 * The VAPID key pair: the configured one; outside production without one, a pair generated once and kept in
 * DATA_DIR (browsers subscribe with the public key, so it must not change between restarts); in production
 * without one, none (push is off).
 */
export async function resolveVapidKeys(
  config: Pick<AppConfig, 'push' | 'isProduction' | 'dataDir'>,
): Promise<VapidKeys | undefined> {
  if (config.push.vapid) return config.push.vapid;
  if (config.isProduction) return undefined;
  return keptInDataDir(config.dataDir, 'vapid-keys.json', () => webpush.generateVAPIDKeys(), isKeyPair);
}

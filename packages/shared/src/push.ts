import { z } from 'zod';

/* ---------- Push notifications (Web Push) ---------- */

export const PUSH_MESSAGES = {
  endpointInvalid: 'Push endpoint must be an https address',
  p256dhInvalid: 'Push key p256dh must be a P-256 public key (base64url)',
  authInvalid: 'Push key auth must be 16 bytes (base64url)',
  notConfigured: 'Push notifications are not available',
  subscribed: 'Push notifications are on for this device',
  unsubscribed: 'Push notifications are off for this device',
} as const;

function base64urlBytes(value: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return null;
  const b64 = value.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  try {
    const text = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    return Uint8Array.from(text, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/**
 * What the browser's `PushSubscription.toJSON()` gives: the push service's address and the keys the payload is
 * encrypted for (RFC 8291: an uncompressed P-256 point and a 16-byte secret). `http:` is accepted only where the
 * server allows it (local push services in development and tests).
 */
export function pushSubscriptionSchema(opts: { allowHttp: boolean }) {
  return z.object({
    endpoint: z
      .string({ error: PUSH_MESSAGES.endpointInvalid })
      .max(2048, PUSH_MESSAGES.endpointInvalid)
      .refine((v) => {
        try {
          const url = new URL(v);
          return url.protocol === 'https:' || (opts.allowHttp && url.protocol === 'http:');
        } catch {
          return false;
        }
      }, PUSH_MESSAGES.endpointInvalid),
    expirationTime: z.number().nullable().optional(),
    keys: z.object(
      {
        p256dh: z.string({ error: PUSH_MESSAGES.p256dhInvalid }).refine((v) => {
          const bytes = base64urlBytes(v);
          return bytes !== null && bytes.length === 65 && bytes[0] === 4;
        }, PUSH_MESSAGES.p256dhInvalid),
        auth: z
          .string({ error: PUSH_MESSAGES.authInvalid })
          .refine((v) => base64urlBytes(v)?.length === 16, PUSH_MESSAGES.authInvalid),
      },
      { error: PUSH_MESSAGES.p256dhInvalid },
    ),
  });
}
export type PushSubscriptionInput = z.infer<ReturnType<typeof pushSubscriptionSchema>>;

/** One device's subscription as the API answers it (the keys stay on the server). */
export interface PushSubscriptionInfo {
  id: string;
  endpoint: string;
  createdAt: string;
}

/** What a push carries: decrypted by the service worker, which shows it and opens `link` on a click. */
export interface PushPayload {
  title: string;
  body: string;
  /** App path, e.g. /inbox?item=<id>. */
  link: string;
  kind: string;
  /** Replaces an earlier notification of the same tag on the device. */
  tag: string;
}

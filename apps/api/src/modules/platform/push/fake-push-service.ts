import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A browser's side of a push subscription: its P-256 key pair and auth secret (RFC 8291), made here. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/**
 * Decrypts a Web Push message body as the browser does: RFC 8188 aes128gcm framing, keys per RFC 8291
 * (a single record, as every push of at most 4 KB is).
 */
export function decryptPush(body: Buffer, browser: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const ecdhSecret = browser.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), serverPublic]);
  const ikm = hkdf(browser.auth, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 followed by any number of zero bytes.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * Checks a VAPID Authorization header (RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`): the JWT is signed by
 * `k`, is meant for `audience` and has not expired. Answers the key and the JWT's claims.
 */
export function verifyVapid(header: string | undefined, audience: string, now = Date.now()) {
  const t = /t=([^,\s]+)/.exec(header ?? '')?.[1];
  const k = /k=([^,\s]+)/.exec(header ?? '')?.[1];
  if (!header?.startsWith('vapid ') || !t || !k) throw new Error(`not a VAPID header: ${header}`);
  const [head, claims, signature] = t.split('.');
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature ?? '', 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not verify');
  const payload = JSON.parse(Buffer.from(claims!, 'base64url').toString('utf8')) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (payload.aud !== audience) throw new Error(`VAPID audience ${payload.aud}, expected ${audience}`);
  if (payload.exp * 1000 <= now) throw new Error('the VAPID token has expired');
  return { publicKey: k, claims: payload };
}

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A push service on a local port (what FCM or Mozilla's autopush are to a real browser): it records every
 * message and answers `status(path)` (201 unless a test says otherwise, e.g. 410 for an expired subscription).
 */
export async function startFakePushService() {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(statuses.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    /** A new device's endpoint on this service. */
    endpoint: () => `${origin}/push/${randomBytes(8).toString('hex')}`,
    answer(endpoint: string, status: number) {
      statuses.set(new URL(endpoint).pathname, status);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

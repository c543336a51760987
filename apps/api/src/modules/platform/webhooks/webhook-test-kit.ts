import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface ReceivedHook {
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

/**
 * A webhook receiver for tests, on 127.0.0.1: it records every POST and answers the statuses queued with
 * `answer(...)` in turn (200 once they run out).
 */
export async function webhookReceiver() {
  const received: ReceivedHook[] = [];
  const statuses: number[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const status = statuses.shift() ?? 200;
      received.push({ headers: request.headers, body, status });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'nope');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answer: (...codes: number[]) => statuses.push(...codes),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * What an integrator's receiver does (the README shows the same steps): split the header, recompute the HMAC of
 * "<t>.<raw body>" with the endpoint's secret, accept it if any `v1=` matches (two while a rotated secret overlaps)
 * in constant time, and refuse stale timestamps.
 */
export function verifySignature(header: string, body: string, secret: string, toleranceSeconds = 300): boolean {
  const parts = header.split(',').map((p) => p.split('=', 2) as [string, string]);
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => Buffer.from(v ?? '', 'hex'));
  if (!Number.isInteger(t) || signatures.length === 0) return false;
  if (Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return signatures.some((given) => given.length === expected.length && timingSafeEqual(given, expected));
}

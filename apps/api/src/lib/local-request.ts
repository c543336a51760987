import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1';
}

/**
 * True when the request comes from this machine: the TCP peer is a loopback address and nothing forwarded
 * it. The socket is what counts, never `request.ip`, which a client can steer through X-Forwarded-For when
 * TRUST_PROXY is on; and a request relayed by a local reverse proxy (it adds a forwarding header) is not local.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  if (!isLoopback(request.socket?.remoteAddress)) return false;
  return FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

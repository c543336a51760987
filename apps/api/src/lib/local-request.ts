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
 * True when the request comes from this machine.
 *
 * Without TRUST_PROXY: the TCP peer (the socket, never `request.ip`) is a loopback address and nothing forwarded
 * it; a request relayed by a local reverse proxy that says so (a forwarding header) is not local.
 *
 * With TRUST_PROXY the server sits behind a proxy, so the socket is the proxy's and says nothing about the client
 * (a proxy on the same host makes every request look local, and not every proxy adds X-Forwarded-For). Then the
 * client address the trusted proxies report (`request.ip`) must be loopback, and a proxy must have reported it.
 */
export function isLocalRequest(request: FastifyRequest, trustProxy: boolean): boolean {
  const forwarded = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  if (trustProxy) return forwarded && isLoopback(request.ip);
  return !forwarded && isLoopback(request.socket?.remoteAddress);
}

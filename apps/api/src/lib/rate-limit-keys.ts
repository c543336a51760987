import { ACCESS_TOKEN_HEADER } from '@postwise/shared/constants';
import type { FastifyRequest } from 'fastify';
import { hashToken } from './tokens';

const TOKEN_HEADER = ACCESS_TOKEN_HEADER.toLowerCase();

/**
 * The rate-limit key of a signed-in call: the person, not the IP, which an office or a proxy
 * shares. During account access that is the admin at the keyboard. The limit's hook runs after the route's
 * own sign-in hook; should it ever run first, the session token stands in, and only a call without one
 * falls back to the IP.
 */
export function perUserKey(request: FastifyRequest): string {
  const auth = request.auth;
  if (auth) return `user:${auth.impersonatorUserId ?? auth.user.id}`;
  const header = request.headers[TOKEN_HEADER];
  const token = (Array.isArray(header) ? header[0] : header)?.trim();
  return token ? `session:${hashToken(token)}` : `ip:${request.ip}`;
}

/** A per-route `config.rateLimit` counted per signed-in user (see perUserKey). */
export function perUserRateLimit(max: number, timeWindow: string) {
  return { max, timeWindow, keyGenerator: perUserKey };
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's response headers for these options, worked out once. They depend on the options only (no nonces, no
 * per-request directives), so running Helmet's middleware on every request (as @fastify/helmet does: it rebuilds and
 * re-parses the whole policy per call) only cost CPU: about 3 % of a list request (docs/benchmarks.md).
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Helmet's headers that only mean something on a document (or on a worker script, whose own response sets the
 * worker's policy): what it may load and run, whether it may be framed, its referrer, opener and agent cluster,
 * HSTS. A script, stylesheet, font or image of the build needs only `x-content-type-options`, so the static plugin
 * (web-app.ts) drops these from such files: about 700 bytes less on every one of them.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/** Sets Helmet's headers (computed once) on every response; a route may still replace one (e.g. a stricter CSP). */
export const securityHeadersPlugin = fp<{ helmet: HelmetOptions }>(
  async (app, opts) => {
    const headers = securityHeaders(opts.helmet);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);

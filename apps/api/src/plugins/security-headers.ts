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

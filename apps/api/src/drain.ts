import type { FastifyInstance } from 'fastify';
import { API_ERROR_CODES } from './lib/errors';

const DRAINING_MESSAGE = 'The server is restarting. Please try again in a moment.';

/**
 * Graceful shutdown (SIGTERM): stop accepting connections, let every request in flight finish, then close the
 * app (idle connections, pools, Redis) and exit 0, all within the drain time.
 *
 * Closing the listening socket at once resets every connection still in the kernel's accept queue, and Node's
 * http close() also destroys every connection that looks idle, which includes one whose request is still unread
 * in the socket buffer: under load those clients saw their connection reset. So while draining, the server keeps
 * its socket but takes no new work: a request that arrives is answered 503 with Retry-After at once, every
 * response carries `Connection: close`, and the app is closed (listener, idle connections, pools, Redis) once
 * nothing has been in flight for a moment.
 */
export function installDrain(app: FastifyInstance) {
  let draining = false;
  let inFlight = 0;
  // Notification streams stay open by design; closing the app ends them (their preClose hook).
  const counted = (url: string) => !url.endsWith('/notifications/stream');

  app.addHook('onRequest', async (request, reply) => {
    if (!counted(request.url)) return;
    inFlight += 1;
    reply.raw.once('close', () => (inFlight -= 1));
    if (!draining) return;
    reply.header('connection', 'close').header('retry-after', '5');
    return reply.code(503).send({ isSuccess: false, message: DRAINING_MESSAGE, code: API_ERROR_CODES.UNAVAILABLE });
  });
  app.addHook('onSend', async (_request, reply) => {
    // The client opens its next request elsewhere instead of keeping this connection alive.
    if (draining) reply.header('connection', 'close');
  });

  /** Answers true when everything in flight finished within `drainMs`. */
  return async function drain(drainMs: number): Promise<boolean> {
    draining = true;
    const deadline = Date.now() + drainMs;
    // Quiet means nothing in flight for QUIET_MS: bytes already sent on an open connection have been read by then.
    const QUIET_MS = 300;
    let quietSince = inFlight === 0 ? Date.now() : 0;
    while (Date.now() < deadline) {
      if (inFlight > 0) quietSince = 0;
      else if (!quietSince) quietSince = Date.now();
      else if (Date.now() - quietSince >= QUIET_MS) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const drained = inFlight === 0;
    if (!drained) app.server.closeAllConnections();
    await app.close();
    return drained;
  };
}

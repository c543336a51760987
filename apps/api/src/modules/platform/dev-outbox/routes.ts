import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, successSchema } from '../../../lib/envelope';
import { forbidden, notFound } from '../../../lib/errors';
import { isLocalRequest } from '../../../lib/local-request';
import { requireAuth, callerMay } from '../../identity';

const outboxMessage = z
  .object({
    id: z.string(),
    from: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    createdAt: z.string(),
    attachments: z
      .array(z.object({ filename: z.string(), contentType: z.string(), size: z.number(), contentBase64: z.string() }))
      .optional(),
  })
  .meta({ id: 'OutboxMessage' });

const OUTBOX_FORBIDDEN = 'The dev outbox opens only on this machine or for a super admin.';

/** The outbox holds every code and reset e-mail: only this machine or a signed-in super admin may read it. */
async function requireLocalOrSuperAdmin(request: FastifyRequest): Promise<void> {
  if (isLocalRequest(request, request.server.config.trustProxy !== false)) return;
  await requireAuth(request);
  if (!callerMay(request, 'dev-outbox.read')) throw forbidden(OUTBOX_FORBIDDEN);
}

/**
 * GET dev/outbox: the e-mails kept by the embedded mailer, newest first, so a developer (or an end-to-end
 * test) can read a code without a mail server. Not registered at all when NODE_ENV=production; elsewhere
 * only for a client on this machine or a super admin.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.isProduction) return;
  app.get(
    '/dev/outbox',
    {
      onRequest: [requireLocalOrSuperAdmin],
      schema: {
        tags: ['dev'],
        // Not part of the contract: it does not exist in production, so clients must not be generated with it.
        hide: true,
        summary: 'E-mails of the dev outbox, newest first (development and tests only)',
        querystring: z.object({
          to: z.string().trim().toLowerCase().optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        security: [{ accessToken: [] }],
        response: { 200: successSchema(z.array(outboxMessage)), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => {
      if (!app.mailer.list) throw notFound('The dev outbox is not in use: e-mail goes out through SMTP.');
      const { to, limit } = request.query;
      // Mail written after an answer (app.background) and waiting in the job queue belongs in the list as soon
      // as that answer is out: send what is ready first.
      await app.background.idle();
      await app.jobs.drain();
      const messages = await app.mailer.list(to ? 200 : limit);
      const picked = to ? messages.filter((m) => m.to.toLowerCase() === to).slice(0, limit) : messages;
      return ok(
        picked.map(({ id, from, to: recipient, subject, text, html, createdAt, attachments }) => ({
          id,
          from,
          to: recipient,
          subject,
          text,
          html,
          createdAt,
          ...(attachments?.length ? { attachments } : {}),
        })),
      );
    },
  );
};

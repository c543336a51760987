import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, successSchema } from '../../../lib/envelope';
import { actorOf } from '../access/authentication';
import { requireAudience } from '../access/authorization';
import { policyAndTermsFor, userLogos } from './service';

const logosResult = z
  .object({ logos: z.object({ lightLogo: z.string().nullable(), darkLogo: z.string().nullable() }) })
  .meta({ id: 'LogosResult' });
const policyAndTermsResult = z
  .object({ privacyPolicyHtml: z.string(), termsHtml: z.string() })
  .meta({ id: 'PolicyAndTermsResult' });

/** What the sign-in and register screens fetch around an account: its reseller's logos, the policy and terms. */
export const onboardingSupportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/logo',
    {
      onRequest: [requireAudience('account.self')],
      schema: {
        tags: ['users'],
        summary: "The logos to show for a user: their sub-admin's configuration, or null for the defaults",
        security: [{ accessToken: [] }],
        querystring: z.object({ userId: z.uuid('User id is invalid.').optional() }),
        response: { 200: successSchema(logosResult), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return ok(await userLogos(app.db, actor, request.query.userId ?? actor.userId));
    },
  );

  app.get(
    '/privacyPolicyAndTerms',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['users'],
        summary: 'Privacy policy and terms HTML of the inviting parent user (GET /privacyPolicyAndTerms?user=<id>)',
        description:
          "`user` is the invitation link's parentUser. Without it, or when that admin has none, the platform's; empty strings when none exists (the web app then links the static /policy-terms page).",
        querystring: z.object({ user: z.uuid('User id is invalid.').optional() }),
        response: { 200: successSchema(policyAndTermsResult), ...failures(422, 429) },
      },
    },
    async (request) => ok(await policyAndTermsFor(app.db, request.query.user)),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, successSchema } from '../../../lib/envelope';
import { getAuth } from '../access/authentication';
import { requireAudience } from '../access/authorization';
import { profileStateSchema } from './profile-schema';
import { switchProfileRequestSchema } from '@postwise/shared/schemas/accounts';
import { getOwnProfile, switchProfile } from './service';

export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profiles/:profileId',
    {
      onRequest: [requireAudience('account.self')],
      schema: {
        tags: ['profiles'],
        summary: "The signed-in customer's profile state",
        security: [{ accessToken: [] }],
        params: z.object({ profileId: z.uuid('Profile id is invalid.') }),
        response: { 200: successSchema(profileStateSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => ok(await getOwnProfile(app.db, request.params.profileId, getAuth(request).user.id)),
  );

  app.post(
    '/profiles/switch-profile',
    {
      onRequest: [requireAudience('account.self')],
      schema: {
        tags: ['profiles'],
        summary: 'Switch the current profile of a customer holding both (spec 2.7, 4)',
        security: [{ accessToken: [] }],
        body: switchProfileRequestSchema,
        response: { 200: successSchema(profileStateSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => ok(await switchProfile(app.db, getAuth(request).user, request.body.accountType)),
  );
};

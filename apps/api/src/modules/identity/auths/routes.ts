import { loginSchema } from '@postwise/shared/schemas/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, successSchema } from '../../../lib/envelope';
import { unauthorized } from '../../../lib/errors';
import { getAuth } from '../access/authentication';
import { requireAudience } from '../access/authorization';
import { loadUserDto } from '../users/service';
import { userSchema } from '../users/user-schema';
import { login } from './login';
import { revokeSessionWithActing } from './sessions';
import { accountsRoutes } from './accounts-routes';

// A missing field is an empty one, so it gets the spec 5 "is required" message rather than a type error.
const loginBodySchema = z.object({ email: z.string().default(''), password: z.string().default('') }).pipe(loginSchema);

const loginResultSchema = z
  .object({
    accessToken: z
      .string()
      .nullable()
      .describe(
        'A full session; an onboarding token when user.additionalInfo.currentStep is set; null when the e-mail must be verified first',
      ),
    user: userSchema,
    authTokenId: z.uuid().optional().describe('Set with accessToken null: the code just e-mailed, for verify-otp'),
  })
  .meta({ id: 'LoginResult' });

const security = [{ accessToken: [] }];

export const authsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auths/login',
    {
      schema: {
        tags: ['auths'],
        summary: 'Sign in with e-mail and password (an unfinished applicant gets an onboarding token or a new code)',
        body: loginBodySchema,
        response: { 200: successSchema(loginResultSchema), ...failures(401, 403, 422, 429) },
      },
    },
    async (request) => {
      const result = await login(app, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] });
      return ok(result);
    },
  );

  app.post(
    '/auths/logout',
    {
      onRequest: [requireAudience('account.self')],
      schema: {
        tags: ['auths'],
        summary: 'Revoke the current session and every account-access session started from it',
        security,
        response: { 200: successSchema(z.null()), ...failures(401, 403) },
      },
    },
    async (request) => {
      await revokeSessionWithActing(app.db, getAuth(request).session.id, app.config.now());
      return ok(null);
    },
  );

  app.get(
    '/auths/me',
    {
      onRequest: [requireAudience('account.self')],
      schema: {
        tags: ['auths'],
        summary: 'The signed-in user',
        security,
        response: { 200: successSchema(userSchema), ...failures(401, 403) },
      },
    },
    async (request) => {
      const user = await loadUserDto(app.db, getAuth(request).user.id);
      if (!user) throw unauthorized();
      return ok(user);
    },
  );

  await app.register(accountsRoutes);
};

import fastifyMultipart from '@fastify/multipart';
import {
  accountSettingSchema,
  LOGO_KINDS,
  MAX_LOGO_BYTES,
  policyAndTermsSchema,
  settingSchema,
} from '@postwise/shared/schemas/admin';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, successSchema } from '../../../lib/envelope';
import { fileAnswer, filePart, multipartBody } from '../../../lib/openapi';
import { forbidden, notFound, validationFailed } from '../../../lib/errors';
import { actorOf, getAuth } from '../access/authentication';
import { requireAudience } from '../access/authorization';
import { managesOrIs } from '../tenancy/manages';
import { findUserById, loadUserDto } from '../users/service';
import { userSchema } from '../users/user-schema';
import { checkPassword } from './check-password';
import {
  accountSettingOf,
  getPolicyAndTerms,
  logoKey,
  removeLogo,
  savePolicyAndTerms,
  setPasswordProtection,
  updateSetting,
  uploadLogo,
} from './service';
import { formParts } from '../../../lib/multipart';

const security = [{ accessToken: [] }];

const accountSettingDto = z
  .object({ isPasswordProtected: z.boolean(), lightLogo: z.string().nullable(), darkLogo: z.string().nullable() })
  .meta({ id: 'AccountSetting' });
const policyDto = z
  .object({ privacyPolicyHtml: z.string(), termsHtml: z.string(), updatedAt: z.string().nullable() })
  .meta({ id: 'PolicyAndTermsContent' });

const LOGO_TOO_LARGE = `Logo must be ${Math.round(MAX_LOGO_BYTES / (1024 * 1024))} MB or smaller`;

/** Reads the single file of spec 7's upload call (form field 'media'). */
async function readMedia(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw validationFailed('Logo file is required', { media: 'Logo file is required' });
  try {
    for await (const part of formParts(request)) {
      if (part.type === 'file' && part.fieldname === 'media') return await part.toBuffer();
      if (part.type === 'file') await part.toBuffer();
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw validationFailed(LOGO_TOO_LARGE, { media: LOGO_TOO_LARGE });
    if (code === 'FST_FILES_LIMIT') throw validationFailed('Attach one file', { media: 'Attach one file' });
    throw err;
  }
  throw validationFailed('Logo file is required', { media: 'Logo file is required' });
}

/**
 * The sub-admin's Configuration: Account Setting (password protection, light and dark logos), Setting (own
 * details), Policy & Terms; the unlock calls of spec 7 (users/encrypted, users/check-password); logo files.
 */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_LOGO_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6, headerPairs: 100 },
  });

  app.get(
    '/users/encrypted/:userId',
    {
      onRequest: [requireAudience('account.self')],
      schema: {
        tags: ['users'],
        summary: "Whether an account's Configuration tab is password-protected (spec 7)",
        security,
        params: z.object({ userId: z.uuid('User id is invalid.') }),
        response: { 200: successSchema(z.boolean()), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const target = await findUserById(app.db, request.params.userId);
      if (!target) throw notFound();
      if (!(await managesOrIs(app.db, actorOf(request), target.id))) throw forbidden();
      return ok(Boolean(target.configuration?.isPasswordProtected));
    },
  );

  app.post(
    '/users/check-password',
    {
      onRequest: [requireAudience('configuration.unlock')],
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['users'],
        summary: 'Unlock the Configuration tab with the sign-in password (spec 7: isUnlocked)',
        security,
        body: z.object({ password: z.string().min(1, 'Password is required').max(200) }),
        response: {
          200: successSchema(z.object({ isUnlocked: z.boolean() })),
          ...failures(401, 403, 422, 429),
        },
      },
    },
    async (request) => ok(await checkPassword(app, actorOf(request), request.body.password)),
  );

  app.get(
    '/settings/account',
    {
      onRequest: [requireAudience('configuration.account-setting')],
      schema: {
        tags: ['settings'],
        summary: 'Account Setting: password protection and logos',
        security,
        response: { 200: successSchema(accountSettingDto), ...failures(401, 403) },
      },
    },
    async (request) => ok(accountSettingOf(getAuth(request).user)),
  );

  app.put(
    '/settings/account',
    {
      onRequest: [requireAudience('configuration.account-setting')],
      schema: {
        tags: ['settings'],
        summary: "Turn the Configuration tab's password protection on or off",
        security,
        body: accountSettingSchema,
        response: { 200: successSchema(accountSettingDto), ...failures(401, 403, 422) },
      },
    },
    async (request) => ok(await setPasswordProtection(app, actorOf(request), request.body.isPasswordProtected)),
  );

  app.post(
    '/settings/logos/:kind',
    {
      onRequest: [requireAudience('configuration.account-setting')],
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['settings'],
        summary: "Upload the light or dark logo shown to the sub-admin's customers (multipart field 'media')",
        security,
        documentedBody: multipartBody({ media: filePart('The logo image (PNG, JPEG, WebP or GIF)') }),
        params: z.object({ kind: z.enum(LOGO_KINDS) }),
        response: { 200: successSchema(accountSettingDto), ...failures(401, 403, 422, 429) },
      },
    },
    async (request) => ok(await uploadLogo(app, actorOf(request), request.params.kind, await readMedia(request))),
  );

  app.delete(
    '/settings/logos/:kind',
    {
      onRequest: [requireAudience('configuration.account-setting')],
      schema: {
        tags: ['settings'],
        summary: 'Remove the light or dark logo (the default image shows again)',
        security,
        params: z.object({ kind: z.enum(LOGO_KINDS) }),
        response: { 200: successSchema(accountSettingDto), ...failures(401, 403, 422) },
      },
    },
    async (request) => ok(await removeLogo(app, actorOf(request), request.params.kind)),
  );

  app.get(
    '/logos/:userId/:fileId',
    {
      schema: {
        tags: ['settings'],
        summary: "A sub-admin's logo image (public: brand images shown in their customers' app)",
        params: z.object({ userId: z.uuid(), fileId: z.uuid() }),
        response: {
          200: fileAnswer('The logo image', ['image/png', 'image/jpeg', 'image/webp', 'image/gif']),
          ...failures(404, 422),
        },
      },
    },
    async (request, reply) => {
      const file = await app.storage.get(logoKey(request.params.userId, request.params.fileId));
      if (!file || !file.contentType.startsWith('image/')) throw notFound();
      // A new upload gets a new file id, so a logo URL never changes content and may be cached for long.
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('content-security-policy', "default-src 'none'; sandbox");
      reply.type(file.contentType);
      return reply.send(file.body);
    },
  );

  app.get(
    '/settings/profile',
    {
      onRequest: [requireAudience('configuration.setting')],
      schema: {
        tags: ['settings'],
        summary: "Setting: the sub-admin's own details",
        security,
        response: { 200: successSchema(userSchema), ...failures(401, 403, 404) },
      },
    },
    async (request) => {
      const user = await loadUserDto(app.db, getAuth(request).user.id);
      if (!user) throw notFound();
      return ok(user);
    },
  );

  app.put(
    '/settings/profile',
    {
      onRequest: [requireAudience('configuration.setting')],
      schema: {
        tags: ['settings'],
        summary: "Setting: update the sub-admin's own details",
        security,
        body: settingSchema,
        response: { 200: successSchema(userSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const row = await updateSetting(app, actorOf(request), request.body);
      const user = await loadUserDto(app.db, row.id);
      if (!user) throw notFound();
      return ok(user);
    },
  );

  app.get(
    '/settings/policy-and-terms',
    {
      onRequest: [requireAudience('configuration.policy-terms')],
      schema: {
        tags: ['settings'],
        summary: "The sub-admin's Policy & Terms (sanitized HTML)",
        security,
        response: { 200: successSchema(policyDto), ...failures(401, 403) },
      },
    },
    async (request) => ok(await getPolicyAndTerms(app.db, getAuth(request).user.id)),
  );

  app.put(
    '/settings/policy-and-terms',
    {
      onRequest: [requireAudience('configuration.policy-terms')],
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      // Two documents of up to 200,000 characters each.
      bodyLimit: 1_048_576,
      schema: {
        tags: ['settings'],
        summary: 'Save Policy & Terms: the HTML is sanitized before it is stored (scripts, handlers, javascript: URLs)',
        security,
        body: policyAndTermsSchema,
        response: { 200: successSchema(policyDto), ...failures(401, 403, 422, 429) },
      },
    },
    async (request) => ok(await savePolicyAndTerms(app, actorOf(request), request.body)),
  );
};

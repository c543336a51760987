import { API_KEY_SCOPES, type ApiKeyItem, type CreatedApiKey } from '@postwise/shared/integrations';
import { apiKeyCreateSchema } from '@postwise/shared/schemas/integrations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, successSchema } from '../../../lib/envelope';
import type { Same } from '../../../lib/type-checks';
import { actorOf } from '../access/authentication';
import { requireAudience } from '../access/authorization';
import { auditRequest } from '../audit/service';
import { createApiKey, listApiKeys, revokeApiKey } from './service';

const security = [{ accessToken: [] }];
const keyOwners = requireAudience('api-keys.manage');

const apiKeyItemSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    prefix: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: 'ApiKey' });
const createdApiKeySchema = apiKeyItemSchema.extend({ key: z.string() }).meta({ id: 'CreatedApiKey' });
const itemMatches: Same<z.output<typeof apiKeyItemSchema>, ApiKeyItem> = true;
const createdMatches: Same<z.output<typeof createdApiKeySchema>, CreatedApiKey> = true;
void itemMatches;
void createdMatches;

/**
 * API keys of customers and sub-admins (account settings). Managed with a session only: api-keys.manage is named
 * by no key scope, so a key can neither list, mint nor revoke keys.
 */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api-keys',
    {
      onRequest: [keyOwners],
      schema: {
        tags: ['api-keys'],
        summary: 'Create an API key; the answer holds the key, shown this once',
        security,
        body: apiKeyCreateSchema,
        response: { 200: successSchema(createdApiKeySchema), ...failures(401, 403, 422) },
      },
    },
    async (request) => {
      const created = await createApiKey(app.db, actorOf(request), request.body, app.config.now());
      await auditRequest(
        request,
        app.db,
        'api_key.create',
        { type: 'api_key', id: created.id },
        { name: created.name, scopes: created.scopes, prefix: created.prefix },
      );
      return ok(created);
    },
  );

  app.get(
    '/api-keys',
    {
      onRequest: [keyOwners],
      schema: {
        tags: ['api-keys'],
        summary: "The caller's API keys (name, scopes, prefix, created, last used), newest first",
        security,
        response: { 200: successSchema(z.array(apiKeyItemSchema)), ...failures(401, 403) },
      },
    },
    async (request) => ok(await listApiKeys(app.db, actorOf(request))),
  );

  app.delete(
    '/api-keys/:id',
    {
      onRequest: [keyOwners],
      schema: {
        tags: ['api-keys'],
        summary: 'Revoke an API key at once',
        security,
        params: z.object({ id: z.uuid('API key id is invalid.') }),
        response: { 200: successSchema(apiKeyItemSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const revoked = await revokeApiKey(app.db, actorOf(request), request.params.id, app.config.now());
      await auditRequest(
        request,
        app.db,
        'api_key.revoke',
        { type: 'api_key', id: revoked.id },
        {
          prefix: revoked.prefix,
        },
      );
      return ok(revoked);
    },
  );
};

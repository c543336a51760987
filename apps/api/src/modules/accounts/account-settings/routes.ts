import fastifyMultipart from '@fastify/multipart';
import {
  ACCOUNT_SETTINGS_MESSAGES,
  closeAccountSchema,
  notificationPreferencesSchema,
  REPLACEABLE_DOCUMENT_KINDS,
  type ReplaceableDocumentKind,
} from '@postwise/shared/account-settings';
import { MAX_UPLOAD_BYTES } from '@postwise/shared/schemas/public';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { failures, ok, successSchema } from '../../../lib/envelope';
import { fileAnswer, filePart, multipartBody } from '../../../lib/openapi';
import { validationFailed } from '../../../lib/errors';
import { actorOf, getAuth, requireAudience } from '../../identity';
import { getAccountProfile, replaceProfileDocument, updateAccountProfile } from './profile';
import { closeAccount, exportAccount, getAccountSettings, updateNotificationPreferences } from './settings';
import { formParts } from '../../../lib/multipart';

const anyObject = z.looseObject({});
const strings = z.record(z.string(), z.string());
const profileSchema = z.object({
  email: z.string(),
  role: z.string(),
  accountType: z.enum(['shipment', 'mailbox', 'both']).nullable(),
  personal: strings,
  mailbox: z
    .object({
      pmb: z.string(),
      address: z.string(),
      storeName: z.string(),
      names: z.array(z.string()),
      status: z.enum(['active', 'closed']),
    })
    .nullable(),
  mailboxType: z.enum(['personal', 'business']).nullable(),
  authorizedIndividual: strings.nullable(),
  isCourtProtected: z.boolean(),
  applicationStatus: z.enum(['none', 'pending', 'active', 'inactive', 'rejected']),
  documents: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      idType: z.string().nullable(),
      reviewStatus: z.enum(['pending', 'approved', 'rejected']),
      createdAt: z.string(),
    }),
  ),
});
const profileAnswer = successSchema(profileSchema);
const updateAnswer = successSchema(z.object({ profile: profileSchema, reReview: z.boolean() }));
const settingsAnswer = successSchema(
  z.object({
    notificationPreferences: notificationPreferencesSchema,
    defaultSenderAddress: z
      .object({
        id: z.string(),
        name: z.string(),
        line1: z.string(),
        city: z.string(),
        state: z.string(),
        zipCode: z.string(),
      })
      .nullable(),
    closedAt: z.string().nullable(),
    openInvoices: z.number().int(),
  }),
);

const tooLarge = `File must be ${Math.round(MAX_UPLOAD_BYTES / (1024 * 1024))} MB or smaller`;

/** The multipart body of a document replacement: kind, idType and one file. */
async function readDocumentUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw validationFailed('The document must be sent as multipart/form-data.');
  const fields: Record<string, string> = {};
  let file: { body: Buffer; name: string | null } | null = null;
  for await (const part of formParts(request)) {
    if (part.type === 'file') {
      let body: Buffer;
      try {
        body = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw validationFailed(tooLarge, { file: tooLarge });
        }
        throw err;
      }
      if (part.fieldname === 'file' && body.length > 0) file = { body, name: part.filename || null };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  const kind = fields.kind as ReplaceableDocumentKind | undefined;
  if (!kind || !REPLACEABLE_DOCUMENT_KINDS.includes(kind)) {
    throw validationFailed(ACCOUNT_SETTINGS_MESSAGES.kindRequired, { kind: ACCOUNT_SETTINGS_MESSAGES.kindRequired });
  }
  if (!file) {
    throw validationFailed(ACCOUNT_SETTINGS_MESSAGES.documentRequired, {
      file: ACCOUNT_SETTINGS_MESSAGES.documentRequired,
    });
  }
  return { kind, idType: fields.idType?.trim() || null, ...file };
}

/** Profile and account settings of the signed-in account: always the caller's own. */
export const accountSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ accessToken: [] }];
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 4096 },
    throwFileSizeLimit: true,
  });

  app.get(
    '/account-settings/profile',
    {
      onRequest: [requireAudience('account.self')],
      schema: {
        tags: ['account-settings'],
        summary: 'The caller’s profile: personal details, and for a mailbox holder the box, names and IDs',
        security,
        response: { 200: profileAnswer, ...failures(401, 403) },
      },
    },
    async (request) => ok(await getAccountProfile(app.db, getAuth(request).user.id)),
  );

  app.put(
    '/account-settings/profile',
    {
      onRequest: [requireAudience('account.self')],
      schema: {
        tags: ['account-settings'],
        summary: 'Edit the caller’s details (onboarding rules); a Form 1583 change sends the application for review',
        security,
        body: anyObject,
        response: { 200: updateAnswer, ...failures(401, 403, 422) },
      },
    },
    async (request) => ok(await updateAccountProfile(app, actorOf(request), actorOf(request).userId, request.body)),
  );

  app.post(
    '/account-settings/profile/documents',
    {
      onRequest: [requireAudience('customer.pages')],
      schema: {
        tags: ['account-settings'],
        summary: 'Replace one uploaded ID (multipart: kind, idType, file; image or PDF by content, 10 MB)',
        security,
        documentedBody: multipartBody({
          kind: z.enum(REPLACEABLE_DOCUMENT_KINDS).meta({ description: 'Which document to replace' }),
          idType: z.string().optional().meta({ description: 'The ID type of the new document (spec 3 lists)' }),
          file: filePart('The new document: image or PDF, 10 MB at most'),
        }),
        response: { 200: updateAnswer, ...failures(401, 403, 413, 415, 422) },
      },
    },
    async (request) => {
      const upload = await readDocumentUpload(request);
      return ok(await replaceProfileDocument(app, actorOf(request), actorOf(request).userId, upload));
    },
  );

  app.get(
    '/account-settings',
    {
      onRequest: [requireAudience('customer.pages')],
      schema: {
        tags: ['account-settings'],
        summary: 'Notification preferences, default sender address, whether the account is closed',
        security,
        response: { 200: settingsAnswer, ...failures(401, 403) },
      },
    },
    async (request) => ok(await getAccountSettings(app.db, getAuth(request).user.id)),
  );

  app.put(
    '/account-settings/notifications',
    {
      onRequest: [requireAudience('customer.pages')],
      schema: {
        tags: ['account-settings'],
        summary: 'Which events reach the customer by e-mail, in the app and as push notifications',
        security,
        body: notificationPreferencesSchema,
        response: { 200: settingsAnswer, ...failures(401, 403, 422) },
      },
    },
    async (request) =>
      ok(await updateNotificationPreferences(app, actorOf(request), actorOf(request).userId, request.body)),
  );

  app.get(
    '/account-settings/export',
    {
      onRequest: [requireAudience('customer.pages')],
      schema: {
        tags: ['account-settings'],
        summary: 'The customer’s data as account.json with their IDs and scans, in one zip',
        security,
        response: {
          200: fileAnswer('account.json with the uploaded IDs and scans, as a ZIP', ['application/zip']),
          ...failures(401, 403),
        },
      },
    },
    async (request, reply) => {
      const zip = await exportAccount(app, getAuth(request).user.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', 'attachment; filename="postwise-account-export.zip"')
        .header('cache-control', 'no-store')
        .send(Buffer.from(zip));
    },
  );

  app.post(
    '/account-settings/close',
    {
      onRequest: [requireAudience('customer.pages')],
      schema: {
        tags: ['account-settings'],
        summary: 'Close the account (password confirms): subscription cancelled, sessions ended',
        security,
        body: closeAccountSchema,
        response: { 200: successSchema(z.object({ closedAt: z.string() })), ...failures(401, 403, 422) },
      },
    },
    async (request) => ok(await closeAccount(app, actorOf(request), actorOf(request).userId, request.body)),
  );
};

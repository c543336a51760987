import type { ApplicationDetail, ApplicationItem } from '@postwise/shared/admin';
import {
  applicationListQuerySchema,
  approveApplicationSchema,
  recordComplianceIdsSchema,
  rejectApplicationSchema,
} from '@postwise/shared/schemas/admin';
import { ACCOUNT_TYPES } from '@postwise/shared/roles';
import { COMPLIANCE_ID_KINDS, COMPLIANCE_PERSONS, WITNESS_METHODS } from '@postwise/shared/compliance';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, pageSchema, successSchema } from '../../../lib/envelope';
import type { Same } from '../../../lib/type-checks';
import {
  actorOf,
  requireAudience,
  requireManagedParam,
  mailboxSummarySchema,
  userRefSchema,
  userSchema,
} from '../../identity';
import {
  approveApplication,
  getApplication,
  listApplications,
  recordComplianceIds,
  rejectApplication,
} from './service';

const security = [{ accessToken: [] }];
const params = z.object({ userId: z.uuid('User id is invalid.') });
const STATUSES = ['pending', 'active', 'rejected', 'none', 'inactive'] as const;

const applicationItemSchema = z
  .object({
    userId: z.string(),
    fullName: z.string(),
    email: z.string(),
    mailboxType: z.enum(['personal', 'business']).nullable(),
    accountType: z.enum(ACCOUNT_TYPES).nullable(),
    status: z.enum(STATUSES),
    parentUser: userRefSchema.nullable(),
    submittedAt: z.string().nullable(),
  })
  .meta({ id: 'MailboxApplication' });

const applicationDetailSchema = z
  .object({
    applicant: userSchema,
    status: z.enum(STATUSES),
    parentUser: userRefSchema.nullable(),
    signedAt: z.string().nullable(),
    submittedAt: z.string().nullable(),
    rejectionReason: z.string().nullable(),
    documents: z.array(
      z.object({
        id: z.string(),
        kind: z.string(),
        idType: z.string().nullable(),
        contentType: z.string(),
        size: z.number().int(),
        reviewStatus: z.string().nullable(),
        url: z.string(),
        createdAt: z.string(),
      }),
    ),
    mailbox: mailboxSummarySchema.nullable(),
    stores: z.array(
      z.object({ id: z.string(), name: z.string(), address: z.string(), nextPmb: z.string(), isDefault: z.boolean() }),
    ),
    complianceIds: z.array(
      z.object({
        person: z.enum(COMPLIANCE_PERSONS),
        personName: z.string(),
        kind: z.enum(COMPLIANCE_ID_KINDS),
        idType: z.string(),
        idNumber: z.string(),
        issuingAuthority: z.string(),
        expiresOn: z.string().nullable(),
      }),
    ),
    witness: z.object({ agentName: z.string(), method: z.enum(WITNESS_METHODS), witnessedOn: z.string() }).nullable(),
  })
  .meta({ id: 'MailboxApplicationDetail' });

const itemMatches: Same<z.output<typeof applicationItemSchema>, ApplicationItem> = true;
const detailMatches: Same<z.output<typeof applicationDetailSchema>, ApplicationDetail> = true;
void [itemMatches, detailMatches];

/** Review of mailbox applications (USPS Form 1583): list, details with the IDs, approve or reject. */
export const applicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/applications',
    {
      onRequest: [requireAudience('applications.read')],
      schema: {
        tags: ['applications'],
        summary: 'Mailbox applications by status (default pending) within the caller’s customers',
        security,
        querystring: applicationListQuerySchema,
        response: { 200: pageSchema(applicationItemSchema), ...failures(401, 403, 422) },
      },
    },
    async (request) => listApplications(app.db, actorOf(request), request.query),
  );

  app.get(
    '/applications/:userId',
    {
      onRequest: [requireAudience('applications.read')],
      schema: {
        tags: ['applications'],
        summary: 'A mailbox application: applicant, contract signature, uploaded IDs, stores for the PMB',
        security,
        params,
        response: { 200: successSchema(applicationDetailSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => ok(await getApplication(app.db, actorOf(request), request.params.userId)),
  );

  app.post(
    '/applications/:userId/approve',
    {
      onRequest: [requireAudience('applications.review')],
      preValidation: [requireManagedParam('userId')],
      schema: {
        tags: ['applications'],
        summary:
          'Approve: mailbox active, PMB number assigned at the store, IDs and witness of Form 1583 recorded, customer e-mailed',
        security,
        params,
        body: approveApplicationSchema,
        response: { 200: successSchema(mailboxSummarySchema), ...failures(401, 403, 404, 409, 422) },
      },
    },
    async (request) => ok(await approveApplication(app, actorOf(request), request.params.userId, request.body)),
  );

  app.put(
    '/applications/:userId/compliance-ids',
    {
      onRequest: [requireAudience('applications.review')],
      preValidation: [requireManagedParam('userId')],
      schema: {
        tags: ['applications'],
        summary: 'Record IDs checked against the originals (a renewed ID): they replace the earlier ID of that kind',
        security,
        params,
        body: recordComplianceIdsSchema,
        response: { 200: successSchema(applicationDetailSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) =>
      ok(await recordComplianceIds(app, actorOf(request), request.params.userId, request.body), 'IDs recorded'),
  );

  app.post(
    '/applications/:userId/reject',
    {
      onRequest: [requireAudience('applications.review')],
      preValidation: [requireManagedParam('userId')],
      schema: {
        tags: ['applications'],
        summary: 'Reject with a reason: the customer is e-mailed and may upload new IDs',
        security,
        params,
        body: rejectApplicationSchema,
        response: { 200: successSchema(z.null()), ...failures(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      await rejectApplication(app, actorOf(request), request.params.userId, request.body.reason);
      return ok(null);
    },
  );
};

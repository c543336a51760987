import {
  COMPLIANCE_ID_KINDS,
  COMPLIANCE_PERSONS,
  type ClosedBox,
  type ExpiringId,
  type MailSender,
  closedBoxesQuerySchema,
  complianceStoreQuerySchema,
  senderLetterQuerySchema,
} from '@postwise/shared/compliance';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, pageSchema, successSchema } from '../../../lib/envelope';
import { pageQuerySchema } from '@postwise/shared/schemas/paging';
import { fileAnswer } from '../../../lib/openapi';
import type { Same } from '../../../lib/type-checks';
import { actorOf, getAuth, requireAudience } from '../../identity';
import { closedBoxes, crdExport, expiringIds } from './service';
import { listBoxSenders, listMailSenders, senderLetterPdf } from './senders';

const security = [{ accessToken: [] }];

const closedBoxSchema = z
  .object({
    mailboxId: z.string(),
    pmb: z.string(),
    holderName: z.string(),
    names: z.array(z.string()),
    openedAt: z.string(),
    closedAt: z.string(),
    mailStatus: z.enum(['hold', 'return_to_sender']),
    itemsOnHand: z.number().int(),
    forwardsOpen: z.number().int(),
  })
  .meta({ id: 'ClosedBox' });

const expiringIdSchema = z
  .object({
    id: z.string(),
    mailboxId: z.string().nullable(),
    pmb: z.string().nullable(),
    holderName: z.string(),
    personName: z.string(),
    person: z.enum(COMPLIANCE_PERSONS),
    kind: z.enum(COMPLIANCE_ID_KINDS),
    idType: z.string(),
    expiresOn: z.string(),
  })
  .meta({ id: 'ExpiringId' });

const mailSenderSchema = z
  .object({ sender: z.string(), count: z.number().int(), lastSeen: z.string() })
  .meta({ id: 'MailSender' });

const matches: [
  Same<z.output<typeof closedBoxSchema>, ClosedBox>,
  Same<z.output<typeof expiringIdSchema>, ExpiringId>,
  Same<z.output<typeof mailSenderSchema>, MailSender>,
] = [true, true, true];
void matches;

/** USPS compliance of a store's boxes (CMRA): the CRD export, the closed-box report and IDs about to expire. */
export const complianceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/compliance/crd-export.csv',
    {
      onRequest: [requireAudience('mailbox.compliance')],
      schema: {
        tags: ['compliance'],
        summary: "The store's customer registration data (CRD) for USPS: one line per person on each box",
        security,
        querystring: complianceStoreQuerySchema,
        response: { 200: fileAnswer('The CRD export as CSV', ['text/csv']), ...failures(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const csv = await crdExport(app.db, actorOf(request), request.query.storeId, app.config.now());
      const on = app.config.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="crd-export-${on}.csv"`)
        .send(csv);
    },
  );

  app.get(
    '/compliance/closed-boxes',
    {
      onRequest: [requireAudience('mailbox.compliance')],
      schema: {
        tags: ['compliance'],
        summary: "The quarter's closed boxes of a store (default the current quarter) and what happens to their mail",
        security,
        querystring: closedBoxesQuerySchema,
        response: {
          200: successSchema(z.object({ quarter: z.string(), items: z.array(closedBoxSchema) })),
          ...failures(401, 403, 404, 422),
        },
      },
    },
    async (request) =>
      ok(await closedBoxes(app.db, actorOf(request), request.query.storeId, request.query.quarter, app.config.now())),
  );

  app.get(
    '/compliance/expiring-ids',
    {
      onRequest: [requireAudience('mailbox.compliance')],
      schema: {
        tags: ['compliance'],
        summary: 'IDs on open boxes of a store that expire within 30 days or have expired, soonest first',
        security,
        querystring: complianceStoreQuerySchema,
        response: { 200: successSchema(z.array(expiringIdSchema)), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => ok(await expiringIds(app.db, actorOf(request), request.query.storeId, app.config.now())),
  );

  app.get(
    '/mail-senders',
    {
      onRequest: [requireAudience('mail.own')],
      schema: {
        tags: ['mail'],
        summary: 'Who writes to the customer: senders logged at intake, with their count and last item, newest first',
        security,
        querystring: pageQuerySchema,
        response: { 200: pageSchema(mailSenderSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => listMailSenders(app.db, getAuth(request).user.id, request.query),
  );

  app.get(
    '/mailboxes/:id/senders',
    {
      onRequest: [requireAudience('mailbox.admin')],
      schema: {
        tags: ['mail'],
        summary: 'Senders of one box’s earlier mail, newest first, narrowed to those starting with `search`',
        description: 'The receive-mail form offers them as the operator types the sender.',
        security,
        params: z.object({ id: z.uuid('Id is invalid.') }),
        querystring: pageQuerySchema.extend({ search: z.string().trim().max(100).optional() }),
        response: { 200: pageSchema(mailSenderSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => listBoxSenders(app.db, actorOf(request), request.params.id, request.query),
  );

  app.get(
    '/mail-senders/letter.pdf',
    {
      onRequest: [requireAudience('mail.own')],
      schema: {
        tags: ['mail'],
        summary: 'A change-of-address letter to one sender: "in" to the mailbox when joining, "out" when closing',
        security,
        querystring: senderLetterQuerySchema,
        response: {
          200: fileAnswer('The letter as PDF', ['application/pdf']),
          ...failures(401, 403, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const { sender, direction } = request.query;
      const pdf = await senderLetterPdf(app.db, getAuth(request).user.id, sender, direction, app.config.now());
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="change-of-address-${direction}.pdf"`)
        .send(pdf);
    },
  );
};

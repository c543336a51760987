import type { FaqAdminItem } from '@postwise/shared/admin';
import { faqAdminListQuerySchema, faqMoveSchema, faqSchema as faqInputSchema } from '@postwise/shared/schemas/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, pageSchema, successSchema } from '../../../lib/envelope';
import type { Same } from '../../../lib/type-checks';
import { actorOf, requireAudience } from '../../identity';
import { createFaq, deleteFaq, listAllFaqs, moveFaq, updateFaq } from './admin-service';

const security = [{ accessToken: [] }];
const faqAdmins = requireAudience('faqs.manage');
const idParams = z.object({ id: z.uuid('FAQ id is invalid.') });

const faqAdminItemSchema = z
  .object({
    id: z.string(),
    question: z.string(),
    answer: z.string(),
    sortOrder: z.number().int(),
    isPublished: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: 'FaqAdminItem' });
const matches: Same<z.output<typeof faqAdminItemSchema>, FaqAdminItem> = true;
void matches;

/** FAQ administration (super admin, /faqs): list with drafts, add, edit, delete, reorder. */
export const faqsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/faqs/admin',
    {
      onRequest: [faqAdmins],
      schema: {
        tags: ['faqs'],
        summary: 'Every FAQ, published or not, in display order (super admin)',
        security,
        querystring: faqAdminListQuerySchema.omit({ search: true }).extend({
          published: z.enum(['true', 'false']).optional(),
        }),
        response: { 200: pageSchema(faqAdminItemSchema), ...failures(401, 403, 422) },
      },
    },
    async (request) => {
      const { pageNo, pageSize, published } = request.query;
      return listAllFaqs(app.db, { pageNo, pageSize }, published === undefined ? undefined : published === 'true');
    },
  );

  app.post(
    '/faqs',
    {
      onRequest: [faqAdmins],
      schema: {
        tags: ['faqs'],
        summary: 'Add an FAQ (at the end of the list)',
        security,
        body: faqInputSchema,
        response: { 200: successSchema(faqAdminItemSchema), ...failures(401, 403, 422) },
      },
    },
    async (request) => ok(await createFaq(app, actorOf(request), request.body)),
  );

  app.put(
    '/faqs/:id',
    {
      onRequest: [faqAdmins],
      schema: {
        tags: ['faqs'],
        summary: 'Edit an FAQ',
        security,
        params: idParams,
        body: faqInputSchema,
        response: { 200: successSchema(faqAdminItemSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => ok(await updateFaq(app, actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/faqs/:id',
    {
      onRequest: [faqAdmins],
      schema: {
        tags: ['faqs'],
        summary: 'Delete an FAQ',
        security,
        params: idParams,
        response: { 200: successSchema(z.null()), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => {
      await deleteFaq(app, actorOf(request), request.params.id);
      return ok(null);
    },
  );

  app.post(
    '/faqs/:id/move',
    {
      onRequest: [faqAdmins],
      schema: {
        tags: ['faqs'],
        summary: 'Move an FAQ one place up or down',
        security,
        params: idParams,
        body: faqMoveSchema,
        response: { 200: successSchema(z.null()), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => {
      await moveFaq(app, actorOf(request), request.params.id, request.body.direction);
      return ok(null);
    },
  );
};

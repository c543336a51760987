import { pageQuerySchema } from '@postwise/shared/schemas/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failures, pageSchema } from '../../../lib/envelope';
import { faqsAdminRoutes } from './admin-routes';
import { faqSchema } from './faq-schema';
import { listPublishedFaqs } from './list-faqs';

export const faqsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(faqsAdminRoutes);
  app.get(
    '/faqs',
    {
      schema: {
        tags: ['faqs'],
        summary: 'Published FAQs in display order (public; home page accordion)',
        querystring: pageQuerySchema,
        response: { 200: pageSchema(faqSchema), ...failures(422) },
      },
    },
    async (request) => listPublishedFaqs(app.db, request.query),
  );
};

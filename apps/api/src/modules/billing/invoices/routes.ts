import { INVOICE_CATEGORIES, INVOICE_STATUSES } from '@postwise/shared/billing';
import { pageQuerySchema } from '@postwise/shared/schemas/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, pageSchema, successSchema } from '../../../lib/envelope';
import { fileAnswer } from '../../../lib/openapi';
import { perUserRateLimit } from '../../../lib/rate-limit-keys';
import { getAuth, requireAudience } from '../../identity';
import { billingContext } from '../context';
import { renderInvoicePdf } from './invoice-pdf';
import { invoiceSchema, transactionSchema } from './invoice-schema';
import { countPendingInvoices, getInvoiceFor, listInvoices, listTransactions, payOwnInvoice } from './service';

const security = [{ accessToken: [] }];
const idParams = z.object({ id: z.uuid('Invoice id is invalid.') });
const listQuery = pageQuerySchema.extend({
  status: z.enum([...INVOICE_STATUSES, 'pending']).optional(),
  /** The spec's link query: p_s=pending. */
  p_s: z.enum([...INVOICE_STATUSES, 'pending']).optional(),
  category: z.enum(INVOICE_CATEGORIES).optional(),
  search: z.string().trim().max(100).optional(),
});

export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/invoices',
    {
      onRequest: [requireAudience('invoices.read')],
      schema: {
        tags: ['invoices'],
        summary: 'Invoices & Billing: a customer their own, a sub-admin what they issued, the super admin all',
        security,
        querystring: listQuery,
        response: { 200: pageSchema(invoiceSchema), ...failures(401, 422) },
      },
    },
    async (request) => {
      const { pageNo, pageSize, status, p_s, ...rest } = request.query;
      return listInvoices(
        app.db,
        getAuth(request).user,
        'billing',
        { pageNo, pageSize },
        { ...rest, status: status ?? p_s },
        app.config.now(),
      );
    },
  );

  app.get(
    '/invoices/my',
    {
      onRequest: [requireAudience('invoices.own')],
      schema: {
        tags: ['invoices'],
        summary: 'My Invoices: what the caller is billed (a sub-admin: by the platform)',
        security,
        querystring: listQuery,
        response: { 200: pageSchema(invoiceSchema), ...failures(401, 403, 422) },
      },
    },
    async (request) => {
      const { pageNo, pageSize, status, p_s, ...rest } = request.query;
      return listInvoices(
        app.db,
        getAuth(request).user,
        'mine',
        { pageNo, pageSize },
        { ...rest, status: status ?? p_s },
        app.config.now(),
      );
    },
  );

  app.get(
    '/invoices/pending/count',
    {
      onRequest: [requireAudience('invoices.read')],
      schema: {
        tags: ['invoices'],
        summary: "How many of the caller's invoices are open (optionally only reinstatement ones)",
        security,
        querystring: z.object({ category: z.enum(INVOICE_CATEGORIES).optional() }),
        response: { 200: successSchema(z.object({ count: z.number().int() })), ...failures(401, 422) },
      },
    },
    async (request) =>
      ok({ count: await countPendingInvoices(app.db, getAuth(request).user.id, request.query.category) }),
  );

  app.get(
    '/invoices/transactions',
    {
      onRequest: [requireAudience('invoices.read')],
      schema: {
        tags: ['invoices'],
        summary: 'Transactions (charges and failed attempts) in the same scope as the invoices',
        security,
        querystring: pageQuerySchema.extend({ scope: z.enum(['billing', 'mine']).default('billing') }),
        response: { 200: pageSchema(transactionSchema), ...failures(401, 422) },
      },
    },
    async (request) => {
      const { pageNo, pageSize, scope } = request.query;
      return listTransactions(app.db, getAuth(request).user, scope, { pageNo, pageSize });
    },
  );

  app.get(
    '/invoices/:id',
    {
      onRequest: [requireAudience('invoices.read')],
      schema: {
        tags: ['invoices'],
        summary: 'One invoice (its payer, its issuer or the super admin)',
        security,
        params: idParams,
        response: { 200: successSchema(invoiceSchema), ...failures(401, 404, 422) },
      },
    },
    async (request) => ok(await getInvoiceFor(billingContext(app), getAuth(request).user, request.params.id)),
  );

  app.get(
    '/invoices/:id/transactions',
    {
      onRequest: [requireAudience('invoices.read')],
      schema: {
        tags: ['invoices'],
        summary: 'The payment attempts of one invoice',
        security,
        params: idParams,
        querystring: pageQuerySchema,
        response: { 200: pageSchema(transactionSchema), ...failures(401, 404, 422) },
      },
    },
    async (request) => {
      const viewer = getAuth(request).user;
      const invoice = await getInvoiceFor(billingContext(app), viewer, request.params.id);
      // Anyone who may see the invoice sees its payments (payer, issuer, super admin).
      return listTransactions(app.db, { ...viewer, roleCode: 'SUPER_ADMIN' }, 'billing', request.query, {
        invoiceId: invoice.id,
      });
    },
  );

  app.get(
    '/invoices/:id/pdf',
    {
      onRequest: [requireAudience('invoices.read')],
      schema: {
        tags: ['invoices'],
        summary: 'The invoice as a PDF file',
        security,
        params: idParams,
        response: { 200: fileAnswer('The invoice PDF', ['application/pdf']), ...failures(401, 404, 422) },
      },
    },
    async (request, reply) => {
      const viewer = getAuth(request).user;
      const invoice = await getInvoiceFor(billingContext(app), viewer, request.params.id);
      const payments = await listTransactions(
        app.db,
        { ...viewer, roleCode: 'SUPER_ADMIN' },
        'billing',
        {
          pageNo: 1,
          pageSize: 100,
        },
        { invoiceId: invoice.id },
      );
      const pdf = await renderInvoicePdf(invoice, payments.items);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${invoice.number}.pdf"`)
        .send(pdf);
    },
  );

  app.post(
    '/invoices/:id/pay',
    {
      onRequest: [requireAudience('invoices.read')],
      config: { rateLimit: perUserRateLimit(20, '1 minute') },
      schema: {
        tags: ['invoices'],
        summary: "Pay one of the caller's open invoices with the default card",
        security,
        params: idParams,
        response: { 200: successSchema(invoiceSchema), ...failures(401, 402, 404, 409, 422, 429) },
      },
    },
    async (request) =>
      ok(await payOwnInvoice(billingContext(app), getAuth(request).user, request.params.id), 'Invoice paid'),
  );
};

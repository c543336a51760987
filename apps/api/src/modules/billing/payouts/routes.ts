import { pageQuerySchema } from '@postwise/shared/schemas/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, pageSchema, successSchema } from '../../../lib/envelope';
import { fileAnswer } from '../../../lib/openapi';
import { getAuth, requireAudience, auditRequest, actorFromUser } from '../../identity';
import { renderPayoutPdf } from './payout-pdf';
import { approvePayout, getPayout, listPayouts, markPayoutPaid, payoutCsv, payoutLinesOf } from './service';

const security = [{ accessToken: [] }];
const idParams = z.object({ id: z.uuid('Payout id is invalid.') });
const STATUSES = ['pending', 'approved', 'paid'] as const;
const CATEGORIES = [
  'subscription',
  'mailbox_fee',
  'forward',
  'shipping_margin',
  'refund',
  'provider_fee',
  'platform_share',
] as const;

export const payoutSchema = z.object({
  id: z.uuid(),
  subAdmin: z.object({ id: z.uuid(), email: z.string(), fullName: z.string() }),
  periodStart: z.string(),
  periodEnd: z.string(),
  grossCents: z.number().int(),
  refundCents: z.number().int(),
  providerFeeCents: z.number().int(),
  providerFeeMicro: z.number().int(),
  platformShareCents: z.number().int(),
  platformShareMicro: z.number().int(),
  shareBasisPoints: z.number().int(),
  carryInMicro: z.number().int(),
  carryOutMicro: z.number().int(),
  payoutCents: z.number().int(),
  currency: z.literal('usd'),
  status: z.enum(STATUSES),
  reference: z.string().nullable(),
  approvedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});

const lineSchema = z.object({
  id: z.uuid(),
  category: z.enum(CATEGORIES),
  description: z.string(),
  invoiceId: z.string().nullable(),
  transactionId: z.string().nullable(),
  amountMicro: z.number().int(),
  amountCents: z.number().int(),
  occurredAt: z.string(),
});

const listQuery = pageQuerySchema.extend({
  subAdminId: z.uuid('Sub-admin id is invalid.').optional(),
  status: z.enum(STATUSES).optional(),
  period: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Period must be a month, e.g. 2026-10.')
    .optional(),
});

export const payoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  const actorOf = (request: Parameters<typeof getAuth>[0]) => actorFromUser(getAuth(request).user);

  app.get(
    '/payouts',
    {
      onRequest: [requireAudience('payouts.view')],
      schema: {
        tags: ['payouts'],
        summary: 'Payouts: a sub-admin their own, the super admin all (filters: sub-admin, status, period)',
        security,
        querystring: listQuery,
        response: { 200: pageSchema(payoutSchema), ...failures(401, 403, 422) },
      },
    },
    async (request) => {
      const { pageNo, pageSize, ...filter } = request.query;
      return listPayouts(app.db, actorOf(request), { pageNo, pageSize }, filter);
    },
  );

  app.get(
    '/payouts/:id',
    {
      onRequest: [requireAudience('payouts.view')],
      schema: {
        tags: ['payouts'],
        summary: 'One payout statement',
        security,
        params: idParams,
        response: { 200: successSchema(payoutSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => ok(await getPayout(app.db, actorOf(request), request.params.id)),
  );

  app.get(
    '/payouts/:id/lines',
    {
      onRequest: [requireAudience('payouts.view')],
      schema: {
        tags: ['payouts'],
        summary: "A payout's lines, each traceable to its invoice or transaction",
        security,
        params: idParams,
        response: { 200: successSchema(z.array(lineSchema)), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const payout = await getPayout(app.db, actorOf(request), request.params.id);
      return ok(await payoutLinesOf(app.db, payout.id));
    },
  );

  app.get(
    '/payouts/:id/csv',
    {
      onRequest: [requireAudience('payouts.view')],
      schema: {
        tags: ['payouts'],
        summary: 'The payout statement as CSV',
        security,
        params: idParams,
        response: { 200: fileAnswer('The payout statement CSV', ['text/csv']), ...failures(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const payout = await getPayout(app.db, actorOf(request), request.params.id);
      const csv = payoutCsv(payout, await payoutLinesOf(app.db, payout.id));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="payout-${payout.periodStart.slice(0, 7)}.csv"`)
        .send(csv);
    },
  );

  app.get(
    '/payouts/:id/pdf',
    {
      onRequest: [requireAudience('payouts.view')],
      schema: {
        tags: ['payouts'],
        summary: 'The payout statement as PDF',
        security,
        params: idParams,
        response: { 200: fileAnswer('The payout statement PDF', ['application/pdf']), ...failures(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const payout = await getPayout(app.db, actorOf(request), request.params.id);
      const pdf = await renderPayoutPdf(payout, await payoutLinesOf(app.db, payout.id));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="payout-${payout.periodStart.slice(0, 7)}.pdf"`)
        .send(pdf);
    },
  );

  app.post(
    '/payouts/:id/approve',
    {
      onRequest: [requireAudience('payouts.manage')],
      schema: {
        tags: ['payouts'],
        summary: 'Approve a pending payout (super admin)',
        security,
        params: idParams,
        response: { 200: successSchema(payoutSchema), ...failures(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const payout = await app.db.transaction(async (tx) => {
        await approvePayout(tx, actor, request.params.id);
        await auditRequest(request, tx, 'payout.approve', { type: 'payout', id: request.params.id });
        return getPayout(tx, actor, request.params.id);
      });
      return ok(payout, 'Payout approved');
    },
  );

  app.post(
    '/payouts/:id/paid',
    {
      onRequest: [requireAudience('payouts.manage')],
      schema: {
        tags: ['payouts'],
        summary: 'Mark an approved payout paid, with the payment reference (super admin)',
        security,
        params: idParams,
        body: z.object({
          reference: z
            .string()
            .trim()
            .min(1, 'Payment reference is required.')
            .max(100, 'Payment reference is too long.'),
        }),
        response: { 200: successSchema(payoutSchema), ...failures(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const payout = await app.db.transaction(async (tx) => {
        await markPayoutPaid(tx, actor, request.params.id, request.body.reference);
        await auditRequest(
          request,
          tx,
          'payout.paid',
          { type: 'payout', id: request.params.id },
          {
            reference: request.body.reference,
          },
        );
        return getPayout(tx, actor, request.params.id);
      });
      return ok(payout, 'Payout marked paid');
    },
  );
};

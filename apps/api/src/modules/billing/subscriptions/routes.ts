import { purchaseSchema } from '@postwise/shared/schemas/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, successSchema } from '../../../lib/envelope';
import { getAuth, requireAudience } from '../../identity';
import { billingContext } from '../context';
import { invoiceSchema } from '../invoices/invoice-schema';
import { mySubscriptionSchema, purchaseQuoteSchema } from './subscription-schema';
import { resumeSubscription } from './pay-invoice';
import { purchasePlan, quotePurchase } from './purchase-plan';
import { getMySubscription } from './service';

const security = [{ accessToken: [] }];

/** Optional Idempotency-Key: the same key answers the first purchase instead of charging again. */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Idempotency-Key must be 8 to 64 letters, digits, - or _.')
    .optional(),
});

export const subscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/subscriptions/my',
    {
      onRequest: [requireAudience('account.self')],
      schema: {
        tags: ['subscriptions'],
        summary: "The caller's subscription: status, isExpired, enteredPastDueAt, plan and period",
        security,
        response: { 200: successSchema(mySubscriptionSchema), ...failures(401) },
      },
    },
    async (request) => ok(await getMySubscription(app.db, getAuth(request).user.id)),
  );

  app.get(
    '/subscriptions/quote',
    {
      onRequest: [requireAudience('account.self')],
      schema: {
        tags: ['subscriptions'],
        summary: 'The order summary of a plan purchase: plan, period, price, tax, charged today and renewal date',
        security,
        querystring: purchaseSchema,
        response: { 200: successSchema(purchaseQuoteSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) =>
      ok(
        await quotePurchase(billingContext(app), getAuth(request).user, {
          planId: request.query.plan,
          userId: request.query.user,
        }),
      ),
  );

  app.post(
    '/subscriptions',
    {
      onRequest: [requireAudience('account.self')],
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['subscriptions'],
        summary: 'Buy a plan (or a scan package) for the caller or a customer they manage, charged to the default card',
        description:
          'Answers 409 NO_CUSTOMER_ID / NO_DEFAULT_PAYMENT_METHOD when there is no card to charge (the client opens ' +
          'the card dialog and retries), 402 PAYMENT_FAILED with the provider message when the card is refused. ' +
          "While the buyer's mailbox application awaits approval the plan is only recorded (awaitingApproval, no " +
          'invoice): the card is charged when the application is approved (docs/decisions/003).',
        security,
        headers: idempotencyHeaders,
        body: purchaseSchema,
        response: {
          200: successSchema(
            z.object({
              subscription: mySubscriptionSchema,
              invoice: invoiceSchema.nullable(),
              awaitingApproval: z.boolean(),
            }),
          ),
          ...failures(401, 402, 403, 404, 409, 422, 429),
        },
      },
    },
    async (request) => {
      const result = await purchasePlan(billingContext(app), getAuth(request).user, {
        planId: request.body.plan,
        userId: request.body.user,
        idempotencyKey: request.headers['idempotency-key'],
      });
      return ok(
        result,
        result.awaitingApproval
          ? 'Plan saved. Nothing is charged until your application is approved.'
          : 'Subscription successful!',
      );
    },
  );

  app.post(
    '/subscriptions/resume',
    {
      onRequest: [requireAudience('account.self')],
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['subscriptions'],
        summary: 'Pay the open invoices of a past-due or cancelled subscription and reactivate it',
        security,
        response: { 200: successSchema(mySubscriptionSchema), ...failures(401, 402, 409, 429) },
      },
    },
    async (request) => ok(await resumeSubscription(billingContext(app), getAuth(request).user)),
  );
};

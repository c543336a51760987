import {
  FORWARD_SERVICES,
  MAIL_ITEM_KINDS_FOR_RULES,
  MAIL_RULE_ACTIONS,
  mailRuleListQuerySchema,
  mailRulePatchSchema,
  mailRuleSchema,
} from '@postwise/shared/mail-rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, pageSchema, successSchema } from '../../../lib/envelope';
import { getAuth, requireAudience } from '../../identity';
import { forwardAddressDto } from '../mail/mail-schemas';
import { createMailRule, deleteMailRule, listMailRules, updateMailRule } from './mail-rules';

const security = [{ accessToken: [] }];
const customers = requireAudience('mail.own');
const idParams = z.object({ id: z.uuid('Id is invalid.') });

export const mailRuleDtoSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    match: z.object({
      sender: z.object({ op: z.enum(['contains', 'equals']), value: z.string() }).optional(),
      kind: z.enum(MAIL_ITEM_KINDS_FOR_RULES).optional(),
      words: z.string().optional(),
    }),
    action: z.object({
      type: z.enum(MAIL_RULE_ACTIONS),
      address: forwardAddressDto.optional(),
      service: z.enum(FORWARD_SERVICES).optional(),
    }),
    paused: z.boolean(),
    appliedCount: z.number().int(),
    lastAppliedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'MailRule' });

/**
 * A customer's rules on incoming mail ('mail.own': the box holder only). Another customer's rule answers 404.
 * Rules act at intake (receive-mail.ts) and when an item's text is recognised (apply-rules.ts).
 */
export const mailRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mail-rules',
    {
      onRequest: [customers],
      schema: {
        tags: ['mail'],
        summary: 'My rules on incoming mail, in the order they are checked (oldest first)',
        security,
        querystring: mailRuleListQuerySchema,
        response: { 200: pageSchema(mailRuleDtoSchema), ...failures(401, 403, 422) },
      },
    },
    async (request) => listMailRules(app.db, getAuth(request).user.id, request.query),
  );

  app.post(
    '/mail-rules',
    {
      onRequest: [customers],
      schema: {
        tags: ['mail'],
        summary: 'Create a rule: a condition (sender, kind, words) and one action',
        description:
          'Actions: scan, forward (address and service; charged to the default card like a forward by hand), ' +
          'shred (only with the kind letter or large_envelope, else 422), junk, archive, notify. The first active ' +
          'rule that matches an item acts on it. 409 at the limit of rules.',
        security,
        body: mailRuleSchema,
        response: { 200: successSchema(mailRuleDtoSchema), ...failures(401, 403, 409, 422) },
      },
    },
    async (request) =>
      ok(await createMailRule(app.db, getAuth(request).user.id, request.body, app.config.now()), 'Rule created'),
  );

  app.patch(
    '/mail-rules/:id',
    {
      onRequest: [customers],
      schema: {
        tags: ['mail'],
        summary: 'Edit a rule, or pause ({paused: true}) and resume ({paused: false}) it',
        security,
        params: idParams,
        body: mailRulePatchSchema,
        response: { 200: successSchema(mailRuleDtoSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) =>
      ok(await updateMailRule(app.db, getAuth(request).user.id, request.params.id, request.body, app.config.now())),
  );

  app.delete(
    '/mail-rules/:id',
    {
      onRequest: [customers],
      schema: {
        tags: ['mail'],
        summary: 'Delete a rule (items it acted on keep its name)',
        security,
        params: idParams,
        response: { 200: successSchema(z.object({ id: z.string() })), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => ok(await deleteMailRule(app.db, getAuth(request).user.id, request.params.id), 'Rule deleted'),
  );
};

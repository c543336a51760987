import { z } from 'zod';
import { API_KEY_SCOPES, JOB_QUEUE_NAMES, JOB_STATES, WEBHOOK_EVENTS } from '../integrations';
import { pageQuerySchema } from './paging';

export const API_KEY_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 100 characters',
  scopesRequired: 'Choose at least one scope',
  scopeUnknown: 'Unknown scope',
} as const;

export const apiKeyCreateSchema = z.object({
  name: z.string().trim().min(1, API_KEY_MESSAGES.nameRequired).max(100, API_KEY_MESSAGES.nameTooLong),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, API_KEY_MESSAGES.scopeUnknown))
    .min(1, API_KEY_MESSAGES.scopesRequired)
    .transform((scopes) => [...new Set(scopes)]),
});
export type ApiKeyCreateInput = z.infer<typeof apiKeyCreateSchema>;

export const WEBHOOK_MESSAGES = {
  urlRequired: 'URL is required',
  urlInvalid: 'Enter a valid http(s) URL',
  urlTooLong: 'URL must be at most 2,000 characters',
  eventsRequired: 'Choose at least one event',
  eventUnknown: 'Unknown event',
} as const;

const webhookUrl = z
  .string()
  .trim()
  .min(1, WEBHOOK_MESSAGES.urlRequired)
  .max(2000, WEBHOOK_MESSAGES.urlTooLong)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, WEBHOOK_MESSAGES.urlInvalid);

const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENTS, WEBHOOK_MESSAGES.eventUnknown))
  .min(1, WEBHOOK_MESSAGES.eventsRequired)
  .transform((events) => [...new Set(events)]);

export const webhookEndpointCreateSchema = z.object({ url: webhookUrl, events: webhookEvents });
export type WebhookEndpointCreateInput = z.infer<typeof webhookEndpointCreateSchema>;

export const webhookEndpointUpdateSchema = z
  .object({ url: webhookUrl.optional(), events: webhookEvents.optional(), enabled: z.boolean().optional() })
  .refine((v) => v.url !== undefined || v.events !== undefined || v.enabled !== undefined, 'Nothing to change');
export type WebhookEndpointUpdateInput = z.infer<typeof webhookEndpointUpdateSchema>;

export const webhookDeliveryQuerySchema = pageQuerySchema.extend({
  status: z.enum(['pending', 'succeeded', 'failed']).optional(),
});

export const jobListQuerySchema = pageQuerySchema.extend({
  state: z.enum(JOB_STATES).optional().default('failed'),
  queue: z.enum(JOB_QUEUE_NAMES).optional(),
});
export type JobListQuery = z.infer<typeof jobListQuerySchema>;

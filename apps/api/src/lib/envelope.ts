import { pageEnvelopeSchema } from '@postwise/shared/schemas/paging';
import { z } from 'zod';

/** Response schemas of the spec 7 envelope, for route definitions (validated and documented). */
export const failureSchema = z
  .object({
    isSuccess: z.literal(false),
    message: z.string(),
    code: z.string(),
    error: z.string().optional(),
    errors: z.record(z.string(), z.string()).optional(),
  })
  .meta({
    id: 'ApiFailure',
    description: 'Every failure: a message to show, a stable code, and for invalid input the message of each field',
    examples: [
      {
        isSuccess: false,
        message: 'Zip Code must be 5 digits or ZIP+4 (12345-6789).',
        code: 'VALIDATION_ERROR',
        errors: { 'receiver.zipCode': 'Zip Code must be 5 digits or ZIP+4 (12345-6789).' },
      },
    ],
  });

export function successSchema<T extends z.ZodType>(data: T) {
  return z.object({ isSuccess: z.literal(true), data, message: z.string().optional() });
}

const pageSchemas = new WeakSet<z.ZodType>();

export function pageSchema<T extends z.ZodType>(item: T) {
  const schema = pageEnvelopeSchema(item);
  pageSchemas.add(schema);
  return schema;
}

/** A paged answer's schema (`pageSchema`): its answers are serialized by a compiled serializer (lib/serializer.ts). */
export function isPageSchema(schema: unknown): schema is z.ZodType {
  return typeof schema === 'object' && schema !== null && pageSchemas.has(schema as z.ZodType);
}

/** The failure statuses a route can answer, each with the failure envelope (for `schema.response`). */
export function failures<const S extends readonly number[]>(
  ...statuses: S
): { [K in S[number]]: typeof failureSchema } {
  return Object.fromEntries(statuses.map((s) => [s, failureSchema])) as { [K in S[number]]: typeof failureSchema };
}

export function ok<T>(data: T, message?: string) {
  return message === undefined ? { isSuccess: true as const, data } : { isSuccess: true as const, data, message };
}

import type { z } from 'zod';
import { validationFailed } from '../../../lib/errors';

/**
 * Validates with a shared schema outside Fastify's body validation (multipart bodies) and fails the same way the
 * error handler does: 422, the first spec 5 message, and every field's first message under its dotted path.
 */
export function parseOrFail<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.') || 'body'] ??= issue.message;
  throw validationFailed(result.error.issues[0]?.message ?? 'Invalid input', errors);
}

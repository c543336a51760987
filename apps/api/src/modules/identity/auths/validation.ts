import type { z } from 'zod';
import { validationFailed } from '../../../lib/errors';

/** Field problems keyed by dotted path, first message per field (the error handler's format). */
export function issuesToErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'body';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Parses with a shared schema whose rules depend on the stored account; failures answer 422 with spec 5 messages. */
export function parseOrFail<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = issuesToErrors(result.error.issues);
  throw validationFailed(result.error.issues[0]?.message ?? 'Invalid input', errors);
}

import { quickQuoteSchema, type QuickQuoteInput } from '@postwise/shared/schemas/shipping';

export type QuickQuoteField = keyof QuickQuoteInput;

/** The first message of each field (an empty ZIP says "required", not "must be a US ZIP code"). */
export function quickQuoteErrors(value: QuickQuoteInput): Partial<Record<QuickQuoteField, string>> {
  const parsed = quickQuoteSchema.safeParse(value);
  if (parsed.success) return {};
  const errors: Partial<Record<QuickQuoteField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as QuickQuoteField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The wizard's address of a quick quote: /create?fromZip=…&toZip=…&weight=… (the wizard pre-fills them). */
export function quickQuoteUrl(value: QuickQuoteInput): string {
  const q = quickQuoteSchema.parse(value);
  const params = new URLSearchParams({ fromZip: q.fromZip, toZip: q.toZip, weight: String(q.weight) });
  return `/create?${params.toString()}`;
}

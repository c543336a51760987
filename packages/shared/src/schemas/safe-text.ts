import { z } from 'zod';

/**
 * Text every field must be able to store: PostgreSQL refuses NUL bytes and text that is not
 * valid UTF-8 (a lone UTF-16 surrogate such as "\ud800"), so such input is refused up front with 422 instead of
 * failing in the database with 500. Each field also has a sane maximum length.
 */
export const TEXT_LIMITS = {
  /** A person's or business's name, a city, a state. */
  name: 100,
  /** An address line. */
  address: 200,
  /** A free-text field (a message, an answer, a reason). */
  freeText: 5_000,
  /** The largest string any request may carry (Policy & Terms HTML is 200,000 at most). */
  anyString: 200_000,
} as const;

export const SAFE_TEXT_MESSAGES = {
  unsafe: 'Text contains characters that cannot be stored (NUL or invalid Unicode).',
  tooLong: (max: number) => `Must be ${max.toLocaleString('en-US')} characters or fewer.`,
} as const;

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** No NUL character and no lone surrogate: text PostgreSQL can store. */
export function isSafeText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** A trimmed string of at most `max` characters without NUL or lone surrogates. */
export function safeText(max: number = TEXT_LIMITS.freeText) {
  return z.string().trim().max(max, SAFE_TEXT_MESSAGES.tooLong(max)).refine(isSafeText, SAFE_TEXT_MESSAGES.unsafe);
}

export interface UnsafeTextFinding {
  /** Dotted path of the field ('' for the value itself). */
  path: string;
  message: string;
}

/**
 * The first string anywhere in a request part (body, query, params) that cannot be stored or is longer than any
 * field allows; null when all is well. The API runs it before every schema, so no field can forget it.
 */
export function findUnsafeText(value: unknown, path = '', depth = 0): UnsafeTextFinding | null {
  if (typeof value === 'string') {
    if (!isSafeText(value)) return { path, message: SAFE_TEXT_MESSAGES.unsafe };
    if (value.length > TEXT_LIMITS.anyString) {
      return { path, message: SAFE_TEXT_MESSAGES.tooLong(TEXT_LIMITS.anyString) };
    }
    return null;
  }
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, child] of entries) {
    if (!isSafeText(key)) return { path: path ? `${path}.${key}` : key, message: SAFE_TEXT_MESSAGES.unsafe };
    const found = findUnsafeText(child, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

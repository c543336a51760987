import type { Multipart } from '@fastify/multipart';
import { findUnsafeText, SAFE_TEXT_MESSAGES } from '@postwise/shared/schemas/safe-text';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest, validationFailed } from './errors';

export const MULTIPART_MESSAGES = {
  malformed: 'The multipart body is malformed (missing or truncated boundary).',
} as const;

/** What busboy throws for a body that is not valid multipart: a client error, never a 500. */
const MALFORMED =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|Malformed)/;

export function isMalformedMultipart(err: unknown): boolean {
  return err instanceof Error && !(err instanceof AppError) && MALFORMED.test(err.message);
}

/**
 * The parts of a multipart body, each text field checked as JSON text is (the validator compiler's safe-text
 * check: no NUL, no lone surrogate, no string longer than any field allows) and never silently cut at the
 * parser's field size limit: 422 naming the field. A malformed body (no or a truncated boundary) is 400. The
 * caller still reads every file part (toBuffer) before acting, so nothing is stored for a refused request.
 */
export async function* formParts(request: FastifyRequest): AsyncGenerator<Multipart> {
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        const name = part.fieldname;
        const value = typeof part.value === 'string' ? part.value : '';
        const unsafe = findUnsafeText({ [name]: value });
        if (unsafe) throw validationFailed(unsafe.message, { [unsafe.path || name]: unsafe.message });
        if (part.valueTruncated) {
          const message = SAFE_TEXT_MESSAGES.tooLong(value.length);
          throw validationFailed(message, { [name]: message });
        }
      }
      yield part;
    }
  } catch (err) {
    if (isMalformedMultipart(err))
      throw badRequest(MULTIPART_MESSAGES.malformed, { body: MULTIPART_MESSAGES.malformed });
    throw err;
  }
}

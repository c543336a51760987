import type { ApiFailure } from '@postwise/shared/api-types';
import type { FastifyError, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_ERROR_CODES, type ApiErrorCode, isAppError, MESSAGES } from '../lib/errors';
import { isMalformedMultipart, MULTIPART_MESSAGES } from '../lib/multipart';
import { isDatabaseUnavailable } from '../db/client';

function sendFailure(
  reply: FastifyReply,
  status: number,
  code: ApiErrorCode,
  message: string,
  errors?: Record<string, string>,
) {
  const body: ApiFailure = errors ? { isSuccess: false, message, code, errors } : { isSuccess: false, message, code };
  return reply.code(status).send(body);
}

/** Fastify's own client errors (bad JSON, wrong content type, too large, plugin limits) by status. */
const CODE_BY_CLIENT_STATUS: Partial<Record<number, ApiErrorCode>> = {
  401: API_ERROR_CODES.UNAUTHORIZED,
  403: API_ERROR_CODES.FORBIDDEN,
  404: API_ERROR_CODES.NOT_FOUND,
  409: API_ERROR_CODES.CONFLICT,
  429: API_ERROR_CODES.RATE_LIMITED,
};

/** The one error handler: every failure leaves as the spec 7 envelope; 5xx never show internals. */
export const errorHandler = fp(
  async (app) => {
    app.setErrorHandler((err: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(err)) {
        const errors: Record<string, string> = {};
        for (const issue of err.validation) {
          const key = issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') || (err.validationContext ?? 'body');
          errors[key] ??= issue.message ?? 'Invalid input';
        }
        const first = err.validation[0];
        // A request without any body gets a plain sentence instead of zod's "expected object, received null".
        const missingBody =
          err.validationContext === 'body' && first?.instancePath === '/' && first.keyword === 'invalid_type';
        const message = missingBody ? 'Request body is required.' : (first?.message ?? 'Invalid input');
        if (missingBody) errors.body = message;
        return sendFailure(reply, 422, API_ERROR_CODES.VALIDATION, message, errors);
      }

      if (isAppError(err)) {
        if (err.headers) reply.headers(err.headers);
        return sendFailure(reply, err.httpStatus, err.code, err.message, err.errors);
      }

      // A body that is not valid multipart, however deep the parser noticed it (a file part cut short).
      if (isMalformedMultipart(err)) {
        return sendFailure(reply, 400, API_ERROR_CODES.BAD_REQUEST, MULTIPART_MESSAGES.malformed, {
          body: MULTIPART_MESSAGES.malformed,
        });
      }

      // The database is down, restarting or unreachable: a clear 503 the client may retry, not a 500.
      if (isDatabaseUnavailable(err)) {
        request.log.error({ err }, 'database unavailable');
        reply.header('retry-after', '5');
        return sendFailure(reply, 503, API_ERROR_CODES.UNAVAILABLE, MESSAGES.databaseUnavailable);
      }

      const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
      if (status >= 400 && status < 500) {
        const code = CODE_BY_CLIENT_STATUS[status] ?? API_ERROR_CODES.BAD_REQUEST;
        const message = status === 429 ? MESSAGES.tooMany : err.message;
        return sendFailure(reply, status, code, message);
      }

      request.log.error({ err }, 'request failed');
      const serverCode = status === 503 ? API_ERROR_CODES.UNAVAILABLE : API_ERROR_CODES.INTERNAL;
      return sendFailure(reply, status >= 500 && status < 600 ? status : 500, serverCode, MESSAGES.serverError);
    });
  },
  { name: 'error-handler' },
);

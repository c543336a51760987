import { ERROR_CODES, type ErrorCode } from '@postwise/shared/api-types';

/** The API's error codes: the shared ones the client knows, plus BAD_REQUEST for malformed requests. */
export const API_ERROR_CODES = {
  ...ERROR_CODES,
  BAD_REQUEST: 'BAD_REQUEST',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  /** Uploads while the file storage is full. */
  INSUFFICIENT_STORAGE: 'INSUFFICIENT_STORAGE',
} as const;
export type ApiErrorCode = ErrorCode | (typeof API_ERROR_CODES)[keyof typeof API_ERROR_CODES];

/** The one table mapping each error code to its HTTP status (engineering.md: typed errors mapped in one place). */
export const HTTP_STATUS_BY_CODE: Record<ApiErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_ERROR: 422,
  UNAUTHORIZED: 401,
  SESSION_EXPIRED: 401,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_INACTIVE: 403,
  FORBIDDEN: 403,
  CONFIGURATION_LOCKED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  NO_CUSTOMER_ID: 409,
  NO_DEFAULT_PAYMENT_METHOD: 409,
  PAYMENT_FAILED: 402,
  RATE_LIMITED: 429,
  NO_SCANS_LEFT: 409,
  MAILBOX_NOT_RECEIVING: 409,
  PICKUP_LOCKED: 423,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  INSUFFICIENT_STORAGE: 507,
};

/** A failure the client should see as is: its message and code end up in the spec 7 envelope. */
export class AppError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly errors?: Record<string, string>,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** Builds an AppError whose HTTP status comes from the table. */
export function appError(code: ApiErrorCode, message: string, errors?: Record<string, string>): AppError {
  return new AppError(HTTP_STATUS_BY_CODE[code], code, message, errors);
}

export const MESSAGES = {
  databaseUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  unauthorized: 'Unauthorized',
  sessionExpired: 'Session expired',
  invalidCredentials: 'Invalid email or password',
  accountInactive: 'Your account is inactive. Please contact support.',
  forbidden: 'You do not have permission to do this.',
  configurationLocked: 'Unlock the Configuration tab with your password first.',
  notFound: 'Not found',
  tooMany: 'Too many attempts. Please try again later.',
  serverError: 'Server error',
} as const;

export const badRequest = (message: string, errors?: Record<string, string>) =>
  appError(API_ERROR_CODES.BAD_REQUEST, message, errors);
export const validationFailed = (message: string, errors?: Record<string, string>) =>
  appError(API_ERROR_CODES.VALIDATION, message, errors);
export const unauthorized = (
  message: string = MESSAGES.unauthorized,
  code: 'UNAUTHORIZED' | 'SESSION_EXPIRED' | 'INVALID_CREDENTIALS' = 'UNAUTHORIZED',
) => appError(code, message);
export const forbidden = (
  message: string = MESSAGES.forbidden,
  code: 'FORBIDDEN' | 'ACCOUNT_INACTIVE' | 'CONFIGURATION_LOCKED' = 'FORBIDDEN',
) => appError(code, message);
export const notFound = (message: string = MESSAGES.notFound) => appError(API_ERROR_CODES.NOT_FOUND, message);
export const conflict = (
  message: string,
  code:
    | 'CONFLICT'
    | 'NO_CUSTOMER_ID'
    | 'NO_DEFAULT_PAYMENT_METHOD'
    | 'NO_SCANS_LEFT'
    | 'MAILBOX_NOT_RECEIVING' = 'CONFLICT',
) => appError(code, message);
export function tooMany(message: string = MESSAGES.tooMany, retryAfterSeconds?: number): AppError {
  const headers = retryAfterSeconds ? { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } : undefined;
  return new AppError(HTTP_STATUS_BY_CODE.RATE_LIMITED, API_ERROR_CODES.RATE_LIMITED, message, undefined, headers);
}

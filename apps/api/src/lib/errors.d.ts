import { type ErrorCode } from '@postwise/shared/api-types';
/** The API's error codes: the shared ones the client knows, plus BAD_REQUEST for malformed requests. */
export declare const API_ERROR_CODES: {
    readonly BAD_REQUEST: "BAD_REQUEST";
    readonly UNAVAILABLE: "SERVICE_UNAVAILABLE";
    readonly VALIDATION: "VALIDATION_ERROR";
    readonly UNAUTHORIZED: "UNAUTHORIZED";
    readonly SESSION_EXPIRED: "SESSION_EXPIRED";
    readonly INVALID_CREDENTIALS: "INVALID_CREDENTIALS";
    readonly ACCOUNT_INACTIVE: "ACCOUNT_INACTIVE";
    readonly FORBIDDEN: "FORBIDDEN";
    readonly CONFIGURATION_LOCKED: "CONFIGURATION_LOCKED";
    readonly NOT_FOUND: "NOT_FOUND";
    readonly CONFLICT: "CONFLICT";
    readonly RATE_LIMITED: "RATE_LIMITED";
    readonly NO_CUSTOMER_ID: "NO_CUSTOMER_ID";
    readonly NO_DEFAULT_PAYMENT_METHOD: "NO_DEFAULT_PAYMENT_METHOD";
    readonly PAYMENT_FAILED: "PAYMENT_FAILED";
    readonly INTERNAL: "INTERNAL_ERROR";
    readonly NO_SCANS_LEFT: "NO_SCANS_LEFT";
    readonly MAILBOX_NOT_RECEIVING: "MAILBOX_NOT_RECEIVING";
};
export type ApiErrorCode = ErrorCode | (typeof API_ERROR_CODES)[keyof typeof API_ERROR_CODES];
/** The one table mapping each error code to its HTTP status (engineering.md: typed errors mapped in one place). */
export declare const HTTP_STATUS_BY_CODE: Record<ApiErrorCode, number>;
/** A failure the client should see as is: its message and code end up in the spec 7 envelope. */
export declare class AppError extends Error {
    readonly httpStatus: number;
    readonly code: ApiErrorCode;
    readonly errors?: Record<string, string> | undefined;
    /** Extra response headers, e.g. Retry-After. */
    readonly headers?: Record<string, string> | undefined;
    constructor(httpStatus: number, code: ApiErrorCode, message: string, errors?: Record<string, string> | undefined, 
    /** Extra response headers, e.g. Retry-After. */
    headers?: Record<string, string> | undefined);
}
export declare function isAppError(value: unknown): value is AppError;
/** Builds an AppError whose HTTP status comes from the table. */
export declare function appError(code: ApiErrorCode, message: string, errors?: Record<string, string>): AppError;
export declare const MESSAGES: {
    readonly unauthorized: "Unauthorized";
    readonly sessionExpired: "Session expired";
    readonly invalidCredentials: "Invalid email or password";
    readonly accountInactive: "Your account is inactive. Please contact support.";
    readonly forbidden: "You do not have permission to do this.";
    readonly configurationLocked: "Unlock the Configuration tab with your password first.";
    readonly notFound: "Not found";
    readonly tooMany: "Too many attempts. Please try again later.";
    readonly serverError: "Server error";
};
export declare const badRequest: (message: string, errors?: Record<string, string>) => AppError;
export declare const validationFailed: (message: string, errors?: Record<string, string>) => AppError;
export declare const unauthorized: (message?: string, code?: "UNAUTHORIZED" | "SESSION_EXPIRED" | "INVALID_CREDENTIALS") => AppError;
export declare const forbidden: (message?: string, code?: "FORBIDDEN" | "ACCOUNT_INACTIVE" | "CONFIGURATION_LOCKED") => AppError;
export declare const notFound: (message?: string) => AppError;
export declare const conflict: (message: string, code?: "CONFLICT" | "NO_CUSTOMER_ID" | "NO_DEFAULT_PAYMENT_METHOD" | "NO_SCANS_LEFT" | "MAILBOX_NOT_RECEIVING") => AppError;
export declare function tooMany(message?: string, retryAfterSeconds?: number): AppError;

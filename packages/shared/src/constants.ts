/** Business constants and limits of spec 9. */
export const PRODUCT_NAME = 'Postwise';

export const DEFAULT_PAGE_SIZE = 10;
export const FIRST_PAGE = 1;
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
export const MAX_PAGE_SIZE = 100;

export const TOAST_LIMIT = 20;
export const TOAST_DURATION = {
  success: 2000,
  error: 4000,
  blank: 4000,
  /** Plan and card toasts (spec 9), shown bottom-right. */
  planAndCard: 2000,
} as const;

export const REQUEST_TIMEOUT_MS = 60_000;
export const UPLOAD_CHUNK_BYTES = 64 * 1024;
export const DEFAULT_DOWNLOAD_NAME = 'downloaded_file';

export const STORAGE_NAMES = {
  user: 'user-storage',
  profile: 'profile-storage',
  subscription: 'subscription-storage',
  register: 'register-storage',
  policyAndTerms: 'policy-and-terms-storage',
} as const;

export const OTP_LENGTH = 4;
export const PHONE_LENGTH = 10;
export const ZIP_MAX_LENGTH = 10;
export const MIDDLE_INITIAL_LENGTH = 1;
export const PASSWORD_MIN_LENGTH = 6;
/** Registration (spec 5 sets no length there): OWASP's minimum for a password without other factors. */
export const REGISTER_PASSWORD_MIN_LENGTH = 8;

export const PLAN_VALIDITIES = ['month', 'year', 'topup'] as const;
export type PlanValidity = (typeof PLAN_VALIDITIES)[number];

export const IMPERSONATION_BAR_HEIGHT_PX = 40;
export const LOADER_OFFSET_PX = { impersonating: 97, normal: 57 } as const;

/** API base of spec 7: host + /api + version prefix. */
export const API_BASE_PATH = '/api/v1';

export const ACCESS_TOKEN_HEADER = 'x-access-Token';

/** Spec 8 messages that the client treats as a lost session. */
export const SESSION_LOST_MESSAGES = ['Token Expired', 'Session expired'] as const;

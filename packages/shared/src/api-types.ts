import type { AccountType, OnboardingStep, ProfileKind, RoleCode } from './roles';

/** Spec 7 envelope: a single answer. */
export interface ApiSuccess<T> {
  isSuccess: true;
  data: T;
  message?: string;
}

/** Spec 7 envelope: a paged list (the whole envelope is returned to the caller). */
export interface ApiPage<T> {
  isSuccess: true;
  items: T[];
  pageNo: number;
  pageSize: number;
  total: number;
  /**
   * Present (true) while `total` is an estimate: a list of more than 10,000 rows whose exact count is still
   * running (right after a start, or for a filter nobody asked for lately). A later fetch answers the exact total.
   */
  totalIsEstimate?: boolean;
}

/** Spec 7 envelope: a failure. */
export interface ApiFailure {
  isSuccess: false;
  message: string;
  code: string;
  error?: string;
  /** Field-level validation problems, keyed by dotted path. */
  errors?: Record<string, string>;
}

/** Error codes the API answers with; the client branches on some of them (spec 4, 8). */
export const ERROR_CODES = {
  VALIDATION: 'VALIDATION_ERROR',
  UNAUTHORIZED: 'UNAUTHORIZED',
  SESSION_EXPIRED: 'SESSION_EXPIRED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  ACCOUNT_INACTIVE: 'ACCOUNT_INACTIVE',
  FORBIDDEN: 'FORBIDDEN',
  /** A password-protected Configuration tab that this session has not unlocked (spec 2.3); the client locks it. */
  CONFIGURATION_LOCKED: 'CONFIGURATION_LOCKED',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  NO_CUSTOMER_ID: 'NO_CUSTOMER_ID',
  NO_DEFAULT_PAYMENT_METHOD: 'NO_DEFAULT_PAYMENT_METHOD',
  /** The card was refused (declined, insufficient funds, ...); the message is the provider's own (spec 8). */
  PAYMENT_FAILED: 'PAYMENT_FAILED',
  INTERNAL: 'INTERNAL_ERROR',
  /** A scan was requested with no scans left in the plan or scan packages: offer a scan package. */
  NO_SCANS_LEFT: 'NO_SCANS_LEFT',
  /** Mail for a mailbox that may not receive it (closed, cancelled, Form 1583 not approved): return to sender. */
  MAILBOX_NOT_RECEIVING: 'MAILBOX_NOT_RECEIVING',
  /** A pickup whose passcode was mistyped too often: no passcode works until the customer issues a new one. */
  PICKUP_LOCKED: 'PICKUP_LOCKED',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export type ProfileStatus = 'none' | 'pending' | 'active' | 'inactive' | 'rejected';

/** The phone and postal lines of an account's person or business. */
export interface ContactLines {
  phone: string;
  address1: string;
  address2?: string;
  city: string;
  state: string;
  country: string;
  zip: string;
}

export interface Personal extends ContactLines {
  firstName: string;
  middleName: string;
  lastName: string;
  fullName: string;
  mailboxName?: string;
}

export interface Business extends ContactLines {
  name: string;
  type: string;
  registrationPlace: string;
  mailboxName: string;
}

/** The user of spec 3 as the API answers it. */
export interface User {
  id: string;
  email: string;
  role: { code: RoleCode };
  accountType: AccountType | null;
  parentUser: { id: string; role: { code: RoleCode } } | null;
  isSuperSubAdmin: boolean;
  profile: string | null;
  tier: 'pro' | null;
  status: 'active' | 'inactive';
  personal: Partial<Personal> & { fullName: string };
  configuration: { lightLogo: string | null; darkLogo: string | null; isPasswordProtected?: boolean };
  additionalInfo: { currentStep: OnboardingStep | null };
  mailboxType: 'personal' | 'business' | null;
  business: Business | null;
  authorizedIndividual: Partial<Personal> | null;
  isCourtProtected: boolean;
  signature: string | null;
  createdAt: string;
}

/** POST auths/access-account/{userId}: a session for a managed account (the API's AccessAccountResult schema). */
export interface AccessAccountResult {
  accessToken: string;
  user: User;
}

export interface LoginResult {
  accessToken: string;
  user: User;
}

/** Profile state of spec 3. */
export interface ProfileState {
  id: string;
  activeProfile: { currentProfile: ProfileKind | null };
  profiles: {
    shipment: { status: ProfileStatus };
    mailbox: { status: ProfileStatus };
  };
}

/** The static location lists of spec 3 and 7 (/json/countries.json, states.json, cities.json), one row each. */
export interface CountryRow {
  name: string;
}
export interface StateRow {
  name: string;
  country_name: string;
}
export interface CityRow {
  name: string;
  state_name: string;
}

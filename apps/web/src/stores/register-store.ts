import { STORAGE_NAMES } from '@postwise/shared/constants';
import { createPersistedStore } from './persisted-store';
import type { User } from '@postwise/shared/api-types';

/** The pending applicant between register, code verification and the onboarding steps (spec 2.6, 2.7). */
export interface PendingApplicant {
  user: User | null;
  email: string | null;
  authTokenId: string | null;
  type: 'register' | 'forgot' | null;
  /** After a verified code: the onboarding token (register) or the one-reset token (forgot). */
  accessToken: string | null;
  /** Forgot flow after a verified code: whose password is being reset. */
  resetUserId: string | null;
}

const initial: PendingApplicant = {
  user: null,
  email: null,
  authTokenId: null,
  type: null,
  accessToken: null,
  resetUserId: null,
};

/** Onboarding screens redirect to /register without one (spec 2.3). */
export function hasPendingApplicant(state: PendingApplicant): boolean {
  return state.user !== null;
}

export const useRegisterStore = createPersistedStore(STORAGE_NAMES.register, initial, 'setPending');

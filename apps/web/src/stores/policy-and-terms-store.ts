import { STORAGE_NAMES } from '@postwise/shared/constants';
import { createPersistedStore } from './persisted-store';

/** Policy and terms content of spec 3, kept locally; can be set or reset to empty. */
export interface PolicyAndTerms {
  privacyPolicyHtml: string;
  termsHtml: string;
}

const initial: PolicyAndTerms = { privacyPolicyHtml: '', termsHtml: '' };

export const usePolicyAndTermsStore = createPersistedStore(STORAGE_NAMES.policyAndTerms, initial, 'setPolicyAndTerms');

import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_NAMES } from '@postwise/shared/constants';

/** Policy and terms content of spec 3, kept locally; can be set or reset to empty. */
export interface PolicyAndTerms {
  privacyPolicyHtml: string;
  termsHtml: string;
}

interface PolicyAndTermsStore extends PolicyAndTerms {
  setPolicyAndTerms: (value: Partial<PolicyAndTerms>) => void;
  reset: () => void;
}

const initial: PolicyAndTerms = { privacyPolicyHtml: '', termsHtml: '' };

export const usePolicyAndTermsStore = create<PolicyAndTermsStore>()(
  persist(
    (set) => ({
      ...initial,
      setPolicyAndTerms: (value) => set(value),
      reset: () => set(initial),
    }),
    {
      name: STORAGE_NAMES.policyAndTerms,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ privacyPolicyHtml, termsHtml }) => ({ privacyPolicyHtml, termsHtml }),
    },
  ),
);

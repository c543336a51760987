import type { OnboardingStep } from './roles';

// Kept apart from the zod schemas so pages that only route (login) do not load zod; schemas/accounts re-exports.
export const ONBOARDING_STEP_PATHS: Record<OnboardingStep, string> = {
  'account-type': '/register/account-type',
  'account-info': '/register/account-info',
  'shipment-verification': '/register/shipment-verification',
  'mailbox-rental-contract': '/register/mailbox-rental-contract',
  'upload-documents': '/register/upload-documents',
};

/** Spec 2.7: after register the applicant lands on the returned step, account-type by default. */
export function onboardingPath(step: OnboardingStep | null | undefined): string {
  return ONBOARDING_STEP_PATHS[step ?? 'account-type'];
}

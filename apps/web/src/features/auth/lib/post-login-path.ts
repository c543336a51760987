import type { User } from '@postwise/shared/api-types';
import { onboardingPath } from '@postwise/shared/onboarding-paths';

/**
 * Where a user goes after signing in: an applicant with an unfinished step (additionalInfo.currentStep)
 * back to that step (/register/account-type, /register/account-info, ...), everyone else to the dashboard.
 */
export function postLoginPath(user: User): string {
  return user.additionalInfo?.currentStep ? onboardingPath(user.additionalInfo.currentStep) : '/dashboard';
}

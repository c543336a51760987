/** Role codes of spec 1 / 3 (user.role.code). */
export const ROLES = ['SUPER_ADMIN', 'SUB_ADMIN', 'USER'] as const;
export type RoleCode = (typeof ROLES)[number];

/** user.accountType of spec 3. */
export const ACCOUNT_TYPES = ['shipment', 'mailbox', 'both'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** activeProfile.currentProfile of spec 3. */
export const PROFILE_KINDS = ['shipment', 'mailbox'] as const;
export type ProfileKind = (typeof PROFILE_KINDS)[number];

/**
 * additionalInfo.currentStep of spec 3, plus the two mailbox steps after account info, so an applicant who
 * leaves during the contract or the uploads resumes there. null: onboarding is done.
 */
export const ONBOARDING_STEPS = [
  'account-type',
  'account-info',
  'shipment-verification',
  'mailbox-rental-contract',
  'upload-documents',
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export function hasShipment(accountType: AccountType | null | undefined): boolean {
  return accountType === 'shipment' || accountType === 'both';
}

export function hasMailbox(accountType: AccountType | null | undefined): boolean {
  return accountType === 'mailbox' || accountType === 'both';
}

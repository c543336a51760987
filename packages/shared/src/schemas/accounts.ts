import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants';
import type { ProfileKind } from '../roles';
import type { User } from '../api-types';
import { INVITE_ROLES } from '../invite';
import { changePasswordFormSchema, forgotPasswordSchema, otpSchema, registerFormSchema } from './auth';

/**
 * Call shapes of registration, e-mail codes, password recovery and the profile switch (spec 7), built
 * from the form schemas of auth.ts so both sides report the same spec 5 messages.
 */

/** One-time codes (spec 9: 4 digits): how long one works and how many wrong tries kill it. */
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
/**
 * The one-click link e-mailed with every code: it lives longer than the code, so the newest e-mail in an inbox
 * always holds a working link while sends to that address are capped (15 minutes).
 */
export const LINK_TTL_MINUTES = 60;
/** Wrong codes for one account within a day after which a code works only together with its e-mail's link. */
export const CODE_GUESS_LIMIT = 10;

export { INVITE_QUERY, INVITE_ROLES, type InviteRole } from '../invite';

export const ACCOUNT_MESSAGES = {
  inviteInvalid: 'This invitation link is not valid. Please ask for a new one.',
  inviteOtherEmail: 'This invitation is for another email address.',
  passwordCommon: 'This password is too common. Please choose a less common one.',
  roleInvalid: 'This invitation link is not valid for that role.',
  codeWrong: 'The code is incorrect. Please try again.',
  codeExpired: 'This code has expired. Please request a new one.',
  codeDead: 'This code is no longer valid. Please request a new one.',
  linkRequired:
    'For your security, this code works only with the link in the same e-mail. Open the link in the newest e-mail we sent you.',
  linkInvalid: 'This link is no longer valid. Please request a new e-mail.',
  currentPasswordWrong: 'Current password is incorrect.',
  accountTypeFirst: 'Please choose an account type first.',
  onboardingDone: 'This application is already complete. Please log in.',
  notApplicant: 'You can only complete your own application.',
  mailboxOnlyStep: 'This step is only for a Virtual Mailbox account.',
  signFirst: 'Please sign the mailbox rental contract first.',
  profileNotHeld: 'You do not have this account. Please choose another one.',
} as const;

/** POST auths/register/email (spec 3, 7). */
export const registerRequestSchema = z.object({
  email: registerFormSchema.shape.email,
  password: registerFormSchema.shape.password.max(256, 'Password is too long.'),
  authMethod: z.literal('email', { error: 'Only email registration is supported.' }).default('email'),
  parentUser: z.uuid(ACCOUNT_MESSAGES.inviteInvalid).optional(),
  role: z.enum(INVITE_ROLES, { error: ACCOUNT_MESSAGES.roleInvalid }).optional(),
  /** The token of an e-mailed invitation (query `invitation`); only it completes an account an admin added. */
  invitationToken: z.string(ACCOUNT_MESSAGES.inviteInvalid).min(20, ACCOUNT_MESSAGES.inviteInvalid).max(200).optional(),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

const authTokenId = z.uuid(ACCOUNT_MESSAGES.codeDead);

/** The token of an e-mailed one-click link (43 base64url characters). */
const linkToken = z.string(ACCOUNT_MESSAGES.linkInvalid).regex(/^[A-Za-z0-9_-]{32,128}$/, ACCOUNT_MESSAGES.linkInvalid);

/**
 * POST auths/verify-otp (spec 7). `linkToken` (the token of the same e-mail's link) is needed only once an
 * account has seen too many wrong codes (CODE_GUESS_LIMIT).
 */
export const verifyOtpRequestSchema = z.object({
  authTokenId,
  activationCode: otpSchema.shape.activationCode,
  linkToken: linkToken.optional(),
});
export type VerifyOtpRequest = z.infer<typeof verifyOtpRequestSchema>;

/** POST auths/verify-link: the e-mailed link alone, exchanged for what the right code would give. */
export const verifyLinkRequestSchema = z.object({ linkToken });
export type VerifyLinkRequest = z.infer<typeof verifyLinkRequestSchema>;

/** POST auths/resend-code: a new code for the same user and purpose; the old one stops working. */
export const resendCodeRequestSchema = z.object({ authTokenId });
export type ResendCodeRequest = z.infer<typeof resendCodeRequestSchema>;

/** POST auths/forgot-password (spec 7). */
export const forgotPasswordRequestSchema = z.object({
  email: forgotPasswordSchema.shape.email,
  authMethod: z.literal('email', { error: 'Only email registration is supported.' }).default('email'),
});
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

/** POST auths/reset-password (spec 7), sent with the reset token of the verified code. */
export const resetPasswordRequestSchema = z.object({
  password: z.string().min(PASSWORD_MIN_LENGTH, 'Password should be 6 characters.').max(256, 'Password is too long.'),
  userId: z.uuid('User id is invalid.'),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** POST auths/update-password (spec 3, 7): the change-password form without its confirmation. */
export const updatePasswordRequestSchema = z.object({
  password: changePasswordFormSchema.shape.password,
  newPassword: changePasswordFormSchema.shape.newPassword.max(256, 'Password is too long.'),
});
export type UpdatePasswordRequest = z.infer<typeof updatePasswordRequestSchema>;

/** POST profiles/switch-profile (spec 7). */
export const switchProfileRequestSchema = z.object({
  accountType: z.enum(['shipment', 'mailbox'], { error: 'Please choose Shipping Account or Mailbox Account.' }),
});
export type SwitchProfileRequest = { accountType: ProfileKind };

/* ---------- Answers ---------- */

export interface RegisterResult {
  user: User;
  /** The id of the e-mailed code, passed back to verify-otp. */
  authTokenId: string;
}

/** Register flow: the applicant and a short-lived token limited to their onboarding calls. */
export interface VerifyRegisterResult {
  user: User;
  accessToken: string;
}

/** Forgot flow (spec 3: "Verify response: id"): the user id and a token limited to one password reset. */
export interface VerifyForgotResult {
  id: string;
  accessToken: string;
}

export interface AuthTokenResult {
  authTokenId: string;
}

/**
 * POST auths/login. A finished account gets a full session. An applicant with an unfinished step
 * (user.additionalInfo.currentStep set) gets an onboarding token instead; one whose e-mail is not verified
 * yet gets no token but a new code (`authTokenId`) to verify first.
 */
export interface LoginAnswer {
  accessToken: string | null;
  user: User;
  authTokenId?: string;
}

/** GET users/logo: the logos to merge into user.configuration (null means the product's default). */
export interface LogosResult {
  logos: { lightLogo: string | null; darkLogo: string | null };
}

/** GET privacyPolicyAndTerms?user=<parent user id> (spec 3). */
export interface PolicyAndTermsResult {
  privacyPolicyHtml: string;
  termsHtml: string;
}

/** GET dev/outbox: one kept e-mail (development and tests only). */
export interface OutboxMessage {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
  /** Files sent with it (e.g. a receipt's invoice PDF), base64-encoded. */
  attachments?: { filename: string; contentType: string; size: number; contentBase64: string }[];
}

/* ---------- Where each onboarding step lives ---------- */

export { ONBOARDING_STEP_PATHS, onboardingPath } from '../onboarding-paths';

import type {
  AuthTokenResult,
  PolicyAndTermsResult,
  RegisterRequest,
  RegisterResult,
  UpdatePasswordRequest,
  VerifyForgotResult,
  VerifyLinkRequest,
  VerifyOtpRequest,
  VerifyRegisterResult,
} from '@postwise/shared/schemas/accounts';
import { get, post } from '../../../lib/api-client';

export const accountKeys = {
  all: ['accounts'] as const,
  policyAndTerms: (parentUser: string | null) => [...accountKeys.all, 'policy-and-terms', parentUser] as const,
};

/** POST auths/register/email (spec 7). */
export function registerRequest(input: RegisterRequest): Promise<RegisterResult> {
  return post<RegisterResult>('auths/register/email', input, { skipSessionCheck: true });
}

/** POST auths/verify-otp (spec 7): the applicant and their onboarding token, or the id and a reset token. */
export function verifyOtpRequest(input: VerifyOtpRequest): Promise<VerifyRegisterResult | VerifyForgotResult> {
  return post<VerifyRegisterResult | VerifyForgotResult>('auths/verify-otp', input, { skipSessionCheck: true });
}

/** POST auths/verify-link: the token of the e-mail's one-click link, alone, does what the right code does. */
export function verifyLinkRequest(input: VerifyLinkRequest): Promise<VerifyRegisterResult | VerifyForgotResult> {
  return post<VerifyRegisterResult | VerifyForgotResult>('auths/verify-link', input, { skipSessionCheck: true });
}

/** POST auths/resend-code: a new code for the same purpose; the previous one stops working. */
export function resendCodeRequest(authTokenId: string): Promise<AuthTokenResult> {
  return post<AuthTokenResult>('auths/resend-code', { authTokenId }, { skipSessionCheck: true });
}

/** POST auths/forgot-password (spec 7). */
export function forgotPasswordRequest(email: string): Promise<AuthTokenResult> {
  return post<AuthTokenResult>('auths/forgot-password', { email, authMethod: 'email' }, { skipSessionCheck: true });
}

/** POST auths/reset-password (spec 7) with the reset token of the verified code. */
export function resetPasswordRequest(input: { password: string; userId: string }, accessToken: string) {
  return post<null>('auths/reset-password', input, { accessToken, skipSessionCheck: true });
}

/** POST auths/update-password (spec 7) for the signed-in user. */
export function updatePasswordRequest(input: UpdatePasswordRequest): Promise<null> {
  return post<null>('auths/update-password', input);
}

/** GET privacyPolicyAndTerms?user=<parent user id> (spec 2.6, 3); empty texts mean "use the static page". */
export function getPolicyAndTerms(parentUser: string | null): Promise<PolicyAndTermsResult> {
  return get<PolicyAndTermsResult>('privacyPolicyAndTerms', { user: parentUser }, { skipSessionCheck: true });
}

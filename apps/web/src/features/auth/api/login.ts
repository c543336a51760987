import type { User } from '@postwise/shared/api-types';
import type { LoginAnswer, LogosResult } from '@postwise/shared/schemas/accounts';
import type { LoginInput } from '@postwise/shared/schemas/auth';
import { get, post } from '../../../lib/api-client';
import { useLightMutation } from '../../../lib/light-mutation';
import { useRegisterStore } from '../../../stores/register-store';
import { useUserStore } from '../../../stores/user-store';

/** POST auths/login (spec 7). A 401 here means wrong credentials, not a lost session. */
export function loginRequest(input: LoginInput): Promise<LoginAnswer> {
  return post<LoginAnswer>('auths/login', input, { skipSessionCheck: true });
}

/**
 * GET users/logo for the user (spec 7; the path shape is not fully given, the user id goes in the query).
 * Answers the `logos` field that is merged into user.configuration.
 */
export async function getUserLogos(userId: string, accessToken: string): Promise<LogosResult['logos'] | null> {
  const data = await get<LogosResult | null>('users/logo', { userId }, { accessToken, skipSessionCheck: true });
  return data?.logos ?? null;
}

export function mergeLogos(user: User, logos: LogosResult['logos'] | null): User {
  if (!logos) return user;
  const picked = Object.fromEntries(
    Object.entries({ lightLogo: logos.lightLogo, darkLogo: logos.darkLogo }).filter(([, v]) => v !== undefined),
  );
  return { ...user, configuration: { ...user.configuration, ...picked } };
}

/** What sign-in led to: a full session, an unfinished application, or an e-mail to verify first. */
export type SignInOutcome =
  | { kind: 'signed-in'; user: User }
  | { kind: 'onboarding'; user: User }
  | { kind: 'verify'; email: string; authTokenId: string };

/**
 * Sign in (spec 4): store the session; for anyone but SUPER_ADMIN fetch the logos first and merge them
 * into the user's configuration. A failing logo call is ignored: the default logos stay.
 *
 * An applicant who has not finished onboarding gets no full session: their onboarding token and
 * user go to register-storage, so the onboarding screens (logged-out guard, spec 2.3) take them back to
 * their step; one whose e-mail is not verified yet is sent to the code screen with the new code's id.
 */
export async function signIn(input: LoginInput): Promise<SignInOutcome> {
  const { accessToken, user, authTokenId } = await loginRequest(input);
  const register = useRegisterStore.getState();
  if (!accessToken) {
    if (!authTokenId) throw new Error('Something went wrong');
    register.reset();
    register.setPending({ user, email: user.email, authTokenId, type: 'register' });
    return { kind: 'verify', email: user.email, authTokenId };
  }
  if (user.additionalInfo.currentStep) {
    register.reset();
    register.setPending({ user, email: user.email, type: 'register', accessToken });
    return { kind: 'onboarding', user };
  }
  let signedIn = user;
  if (user.role.code !== 'SUPER_ADMIN') {
    try {
      signedIn = mergeLogos(user, await getUserLogos(user.id, accessToken));
    } catch {
      // Logos are cosmetic; the default ones are used.
    }
  }
  register.reset();
  useUserStore.getState().login({ accessToken, user: signedIn });
  return { kind: 'signed-in', user: signedIn };
}

export function useLogin() {
  return useLightMutation(signIn);
}

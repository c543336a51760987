import type { LoginAnswer } from '@postwise/shared/schemas/accounts';
import type { FastifyInstance } from 'fastify';
import type { LoginInput } from '@postwise/shared/schemas/auth';
import type { AppConfig } from '../../../config';
import type { Db } from '../../../db/client';
import type { CounterStore } from '../../../lib/counter-store';
import { forbidden, MESSAGES, unauthorized } from '../../../lib/errors';
import { verifyAgainstDummy, verifyPassword } from '../../../lib/password';
import { findUserByEmail, loadUserDto, normalizeEmail } from '../users/service';
import { LoginThrottle } from './login-throttle';
import { sendRegisterCode } from './register';
import { SCOPED_SESSION_MINUTES } from './scoped-session';
import { createSession } from './sessions';

export interface LoginDeps {
  db: Db;
  config: AppConfig;
  counters: CounterStore;
}

/** An applicant's sign-in also e-mails codes, so it needs the whole app (e-mail queue). */
export type LoginApp = LoginDeps & Pick<FastifyInstance, 'emails'>;

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

/**
 * Signs in with e-mail and password (spec 5, 7). Unknown e-mail and wrong password fail alike;
 * failures are counted per (e-mail, IP) pair and per IP with back-off (LoginThrottle): the client that
 * guesses gets 429, the account's owner elsewhere still signs in.
 *
 * An applicant who has not finished onboarding (current step set) gets no full session: with a
 * verified e-mail, an onboarding token for their own steps; without, no token but a new e-mailed code
 * (`authTokenId`) to verify first. The web app sends them back to that step.
 */
export async function login(deps: LoginApp, input: LoginInput, client: ClientInfo): Promise<LoginAnswer> {
  const { db, config, counters } = deps;
  const email = normalizeEmail(input.email);
  const throttle = new LoginThrottle(counters, config.login);
  await throttle.assertAllowed(email, client.ip);

  const user = await findUserByEmail(db, email);
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !passwordOk) {
    await throttle.recordFailure(email, client.ip);
    throw unauthorized(MESSAGES.invalidCredentials, 'INVALID_CREDENTIALS');
  }
  // Checked only after the password, so the answer does not reveal that an inactive account exists.
  if (user.status !== 'active') throw forbidden(MESSAGES.accountInactive, 'ACCOUNT_INACTIVE');

  await throttle.recordSuccess(email, client.ip);
  if (user.currentStep !== null && !user.emailVerifiedAt) {
    const authTokenId = await sendRegisterCode(deps, user, client.ip);
    const dto = await loadUserDto(db, user.id);
    if (!dto) throw unauthorized(MESSAGES.invalidCredentials, 'INVALID_CREDENTIALS');
    return { accessToken: null, user: dto, authTokenId };
  }
  const applicant = user.currentStep !== null;
  const { accessToken } = await createSession(db, {
    userId: user.id,
    scope: applicant ? 'onboarding' : 'full',
    ttlMinutes: applicant ? SCOPED_SESSION_MINUTES.onboarding : config.sessionTtlMinutes,
    now: config.now(),
    ip: client.ip,
    userAgent: client.userAgent,
  });
  const dto = await loadUserDto(db, user.id);
  if (!dto) throw unauthorized(MESSAGES.invalidCredentials, 'INVALID_CREDENTIALS');
  return { accessToken, user: dto };
}

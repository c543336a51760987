import { OTP_MAX_ATTEMPTS } from '@postwise/shared/schemas/accounts';
import {
  ACCOUNT_MESSAGES,
  type VerifyForgotResult,
  type VerifyOtpRequest,
  type VerifyRegisterResult,
} from '@postwise/shared/schemas/accounts';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../schema/users';
import { conflict, validationFailed } from '../../../lib/errors';
import { acceptInvitations } from '../invitations/invitation-tokens';
import { findUserById, loadUserDto } from '../users/service';
import { spendCodeVerify, spendUnknownCodeTry } from './code-limits';
import { checkCode, findCode } from './one-time-codes';
import { SCOPED_SESSION_MINUTES } from './scoped-session';
import { createSession } from './sessions';

const codeError = (message: string) => validationFailed(message, { activationCode: message });

/**
 * POST auths/verify-otp (spec 2.6, 7). A right register code verifies the e-mail and answers the applicant
 * with a token for their onboarding calls; a right forgot code answers the user id with a token for one
 * password reset. Wrong, expired, used, superseded or exhausted codes answer 422 (never 401: the code screen
 * shows the message, spec 8). An authTokenId naming no code (forgot-password's stand-in for an unknown
 * e-mail) fails exactly like a real one.
 */
export async function verifyOtp(
  app: FastifyInstance,
  input: VerifyOtpRequest,
  client: { ip: string; userAgent: string | undefined },
): Promise<VerifyRegisterResult | VerifyForgotResult> {
  const { db, config } = app;
  const row = await findCode(db, input.authTokenId);
  const owner = row ? await findUserById(db, row.userId) : undefined;
  await spendCodeVerify(app.counters, owner?.email ?? input.authTokenId, client.ip);
  if (!row || !owner) {
    const tries = await spendUnknownCodeTry(app.counters, input.authTokenId);
    throw codeError(tries > OTP_MAX_ATTEMPTS ? ACCOUNT_MESSAGES.codeDead : ACCOUNT_MESSAGES.codeWrong);
  }

  const now = config.now();
  const result = await checkCode(db, row.id, input.activationCode, now);
  if (result.status === 'wrong') throw codeError(ACCOUNT_MESSAGES.codeWrong);
  if (result.status === 'expired') throw codeError(ACCOUNT_MESSAGES.codeExpired);
  if (result.status !== 'ok') throw codeError(ACCOUNT_MESSAGES.codeDead);

  if (row.pendingPasswordHash) {
    // A registration of an e-mail that already had an unverified account (issue 9): its password applies only
    // now that the mailbox's owner typed this code, and only while nobody has verified the account meanwhile.
    const pending = row.pendingPasswordHash;
    const applied = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({ passwordHash: pending, emailVerifiedAt: now, updatedAt: now })
        .where(and(eq(users.id, owner.id), isNull(users.emailVerifiedAt)))
        .returning({ id: users.id });
      if (updated) await acceptInvitations(tx, owner.id, now);
      return Boolean(updated);
    });
    if (!applied) throw codeError(ACCOUNT_MESSAGES.codeDead);
  } else if (!owner.emailVerifiedAt) {
    // Either code proves the e-mail belongs to the person holding the account.
    await db.transaction(async (tx) => {
      await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, owner.id));
      await acceptInvitations(tx, owner.id, now);
    });
  }

  if (row.purpose === 'forgot') {
    const { accessToken } = await createSession(db, {
      userId: owner.id,
      scope: 'reset',
      ttlMinutes: SCOPED_SESSION_MINUTES.reset,
      now,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    return { id: owner.id, accessToken };
  }

  if (owner.currentStep === null) throw conflict(ACCOUNT_MESSAGES.onboardingDone);
  const { accessToken } = await createSession(db, {
    userId: owner.id,
    scope: 'onboarding',
    ttlMinutes: SCOPED_SESSION_MINUTES.onboarding,
    now,
    ip: client.ip,
    userAgent: client.userAgent,
  });
  const user = await loadUserDto(db, owner.id);
  if (!user) throw new Error('Verified user vanished');
  return { user, accessToken };
}

import {
  ACCOUNT_MESSAGES,
  CODE_GUESS_LIMIT,
  OTP_MAX_ATTEMPTS,
  type VerifyForgotResult,
  type VerifyLinkRequest,
  type VerifyOtpRequest,
  type VerifyRegisterResult,
} from '@postwise/shared/schemas/accounts';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users, type UserRow } from '../schema/users';
import type { OneTimeCodeRow } from '../schema/one-time-codes';
import { codeGuessingAlertEmail } from '../../../integrations/mailer/templates';
import { conflict, validationFailed } from '../../../lib/errors';
import { acceptInvitations } from '../invitations/invitation-tokens';
import { findUserById, loadUserDto } from '../users/service';
import { spendCodeVerify, spendUnknownCodeTry } from './code-limits';
import { checkCode, codesNeedLink, consumeLink, findCode, linkMatches, recordWrongCode } from './one-time-codes';
import { SCOPED_SESSION_MINUTES } from './scoped-session';
import { createSession } from './sessions';

const codeError = (message: string) => validationFailed(message, { activationCode: message });
const linkError = (message: string) => validationFailed(message, { linkToken: message });

type Client = { ip: string; userAgent: string | undefined };
type VerifyResult = VerifyRegisterResult | VerifyForgotResult;

/**
 * POST auths/verify-otp (spec 2.6, 7). A right register code verifies the e-mail and answers the applicant
 * with a token for their onboarding calls; a right forgot code answers the user id with a token for one
 * password reset. Wrong, expired, used, superseded or exhausted codes answer 422 (never 401: the code screen
 * shows the message, spec 8). An authTokenId naming no code (forgot-password's stand-in for an unknown
 * e-mail) fails exactly like a real one.
 *
 * Four digits can be guessed over days, whatever the per-code limit: once an account has had CODE_GUESS_LIMIT
 * wrong codes within a day, a code works only together with the token of its own e-mail's link (`linkToken`),
 * which nobody guesses; the owner is warned once by e-mail and recovers with the link (verifyLink).
 */
export async function verifyOtp(app: FastifyInstance, input: VerifyOtpRequest, client: Client): Promise<VerifyResult> {
  const { db, config } = app;
  await spendCodeVerify(app.counters, client.ip);
  const row = await findCode(db, input.authTokenId);
  const owner = row ? await findUserById(db, row.userId) : undefined;
  if (!row || !owner) {
    const tries = await spendUnknownCodeTry(app.counters, input.authTokenId);
    throw codeError(tries > OTP_MAX_ATTEMPTS ? ACCOUNT_MESSAGES.codeDead : ACCOUNT_MESSAGES.codeWrong);
  }

  const now = config.now();
  // Checked before the code, and the same answer whether the code is right or not: the digits tell nothing.
  if ((await codesNeedLink(db, owner.id, now)) && !linkMatches(row, input.linkToken, now)) {
    throw codeError(ACCOUNT_MESSAGES.linkRequired);
  }
  const result = await checkCode(db, row.id, input.activationCode, now);
  if (result.status === 'wrong') {
    await countWrongCode(app, owner, row);
    throw codeError(ACCOUNT_MESSAGES.codeWrong);
  }
  if (result.status === 'expired') throw codeError(ACCOUNT_MESSAGES.codeExpired);
  if (result.status !== 'ok') throw codeError(ACCOUNT_MESSAGES.codeDead);
  return verified(app, owner, result.row, client);
}

/**
 * POST auths/verify-link: the token of an e-mailed one-click link, alone, does what the right code does (the
 * link proves the mailbox, and nobody can guess it). This is how the owner recovers while someone guesses codes.
 */
export async function verifyLink(
  app: FastifyInstance,
  input: VerifyLinkRequest,
  client: Client,
): Promise<VerifyResult> {
  const { db, config } = app;
  await spendCodeVerify(app.counters, client.ip);
  const now = config.now();
  const row = await consumeLink(db, input.linkToken, now);
  const owner = row ? await findUserById(db, row.userId) : undefined;
  if (!row || !owner) throw linkError(ACCOUNT_MESSAGES.linkInvalid);
  return verified(app, owner, row, client);
}

/** Counts a wrong code for the account; the guess that crosses the limit e-mails the owner (once an episode). */
async function countWrongCode(app: FastifyInstance, owner: UserRow, row: OneTimeCodeRow): Promise<void> {
  const { crossedLimit } = await recordWrongCode(app.db, owner.id, app.config.now());
  if (!crossedLimit) return;
  const message = codeGuessingAlertEmail(owner.email, {
    purpose: row.purpose,
    failures: CODE_GUESS_LIMIT,
    forgotUrl: `${app.config.publicUrl}/forgot-password`,
  });
  await app.emails.send(message, { key: `code-guessing:${owner.id}:${row.id}` });
}

/** What a right code or a live link gives: the verified e-mail, and an onboarding or a reset token. */
async function verified(
  app: FastifyInstance,
  owner: UserRow,
  row: OneTimeCodeRow,
  client: Client,
): Promise<VerifyResult> {
  const { db, config } = app;
  const now = config.now();
  if (row.pendingPasswordHash) {
    // A registration of an e-mail that already had an unverified account: its password applies only now that
    // the mailbox's owner proved it, and only while nobody has verified the account meanwhile.
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

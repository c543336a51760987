import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  type AuthTokenResult,
  type ResetPasswordRequest,
  type UpdatePasswordRequest,
} from '@postwise/shared/schemas/accounts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../schema/users';
import { validationFailed } from '../../../lib/errors';
import { hashPassword, verifyPassword } from '../../../lib/password';
import { findUserByEmail, findUserById, normalizeEmail } from '../users/service';
import { mayEmailAddress, spendCodeRequest } from './code-limits';
import { codeEmail } from './code-mail';
import { findCode, issueCode } from './one-time-codes';
import { assertUncommonPassword } from './password-policy';
import { revokeUserSessions } from './sessions';

/**
 * POST auths/forgot-password (spec 2.6, 7). Answers an authTokenId whether or not the e-mail has an account
 * (an unknown or inactive one gets a random id that no code matches), so the answer reveals nothing. Past the
 * address's e-mail cap nothing is sent and the answer is the same: the newest e-mail's link still works.
 */
export async function forgotPasswordRequest(app: FastifyInstance, email: string, ip: string): Promise<AuthTokenResult> {
  const normalized = normalizeEmail(email);
  await spendCodeRequest(app.counters, ip);
  const user = await findUserByEmail(app.db, normalized);
  // The id is chosen now and the code written and e-mailed after the answer, so a known e-mail answers as fast
  // as an unknown one, and a failing mailer cannot change the answer.
  const authTokenId = randomUUID();
  if (user && user.status === 'active') {
    const now = app.config.now();
    app.background.run('forgot-password e-mail', async () => {
      if (!(await mayEmailAddress(app.counters, user.email))) return;
      await issueCode(app.db, {
        id: authTokenId,
        userId: user.id,
        purpose: 'forgot',
        now,
        ip,
        mail: { emails: app.emails, message: (issued) => codeEmail(app.config, user.email, 'forgot', issued) },
      });
    });
  }
  return { authTokenId };
}

/**
 * POST auths/resend-code: a new code for the same person and purpose as the given authTokenId; the older
 * codes stop working. An id naming no code answers a random id, like forgot-password does.
 */
export async function resendCode(app: FastifyInstance, authTokenId: string, ip: string): Promise<AuthTokenResult> {
  const row = await findCode(app.db, authTokenId);
  const user = row ? await findUserById(app.db, row.userId) : undefined;
  await spendCodeRequest(app.counters, ip);
  if (!row || !user) return { authTokenId: randomUUID() };
  const finished = row.purpose === 'register' && user.currentStep === null;
  if (finished || user.status !== 'active') return { authTokenId: randomUUID() };
  if (!(await mayEmailAddress(app.counters, user.email))) return { authTokenId: randomUUID() };
  // A re-registration's password stays pending with the new code, as it was with the one it replaces.
  const issued = await issueCode(app.db, {
    userId: user.id,
    purpose: row.purpose,
    now: app.config.now(),
    ip,
    pendingPasswordHash: row.pendingPasswordHash,
    revokeOlder: !row.pendingPasswordHash,
    mail: { emails: app.emails, message: (issued) => codeEmail(app.config, user.email, row.purpose, issued) },
  });
  return { authTokenId: issued.id };
}

/**
 * POST auths/reset-password (spec 2.6, 7) with the reset token of a verified forgot code: the new password
 * replaces the old one and every session of the user ends, the reset token included.
 */
export async function resetPassword(app: FastifyInstance, input: ResetPasswordRequest): Promise<void> {
  assertUncommonPassword(input.password, 'password');
  const now = app.config.now();
  const passwordHash = await hashPassword(input.password);
  await app.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, input.userId));
    await revokeUserSessions(tx, input.userId, now);
  });
}

/**
 * POST auths/update-password (spec 2.6, 5, 7) for a signed-in user: the current password must be right;
 * the user's other sessions end, the one making the change stays.
 */
export async function updatePassword(
  app: FastifyInstance,
  auth: { userId: string; sessionId: string },
  input: UpdatePasswordRequest,
): Promise<void> {
  const user = await findUserById(app.db, auth.userId);
  if (!user || !(await verifyPassword(user.passwordHash, input.password))) {
    throw validationFailed(ACCOUNT_MESSAGES.currentPasswordWrong, { password: ACCOUNT_MESSAGES.currentPasswordWrong });
  }
  assertUncommonPassword(input.newPassword, 'newPassword');
  const now = app.config.now();
  const passwordHash = await hashPassword(input.newPassword);
  await app.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, auth.userId));
    await revokeUserSessions(tx, auth.userId, now, auth.sessionId);
  });
}

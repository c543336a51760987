import type { FastifyInstance } from 'fastify';
import { tooMany, unauthorized } from '../../../lib/errors';
import { verifyPassword } from '../../../lib/password';
import { sessionIdOf } from '../access/authentication';
import type { Actor } from '../tenancy/actor';
import { unlockConfiguration } from '../auths/sessions';
import { findUserById } from '../users/service';

/** How long an unlock of the Configuration tab lasts on the server (then the tab asks again). */
export const CONFIGURATION_UNLOCK_MINUTES = 30;

export function configurationUnlockUntil(now: Date): Date {
  return new Date(now.getTime() + CONFIGURATION_UNLOCK_MINUTES * 60_000);
}

export const UNLOCK_MAX_FAILURES = 5;
export const UNLOCK_WINDOW_MS = 15 * 60_000;
const failuresKey = (userId: string) => `unlock-failures:${userId}`;

/**
 * Unlock of the password-protected Configuration tab (spec 2.4, 7: POST users/check-password → isUnlocked).
 * The unlock password is the account's sign-in password; during account access the admin at the keyboard
 * may use their own. A wrong password answers isUnlocked false (the client's 'Password incorrect try again');
 * after 5 wrong tries in 15 minutes every try answers 429 until the window passes. The right password unlocks
 * the tab for this session only, on the server, for CONFIGURATION_UNLOCK_MINUTES: the configuration endpoints
 * check that unlock, and Exit of account access, logout and the timeout end it.
 */
export async function checkPassword(
  app: FastifyInstance,
  actor: Actor,
  password: string,
): Promise<{ isUnlocked: boolean }> {
  const me = await findUserById(app.db, actor.userId);
  if (!me) throw unauthorized();
  const key = failuresKey(me.id);
  const seen = await app.counters.peek(key);
  if (seen.count >= UNLOCK_MAX_FAILURES) throw tooMany(undefined, seen.resetInMs / 1000);

  let unlocked = await verifyPassword(me.passwordHash, password);
  if (!unlocked && actor.impersonatorUserId) {
    const admin = await findUserById(app.db, actor.impersonatorUserId);
    unlocked = admin ? await verifyPassword(admin.passwordHash, password) : false;
  }
  if (unlocked) {
    await app.counters.reset(key);
    await unlockConfiguration(app.db, sessionIdOf(actor), configurationUnlockUntil(app.config.now()));
  } else await app.counters.hit(key, UNLOCK_WINDOW_MS);
  return { isUnlocked: unlocked };
}

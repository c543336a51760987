import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@postwise/shared/constants';
import {
  CODE_GUESS_LIMIT,
  LINK_TTL_MINUTES,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_MINUTES,
} from '@postwise/shared/schemas/accounts';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { EmailQueue } from '../../../integrations/mailer/email-queue';
import type { MailMessage } from '../../../integrations/mailer/mailer';
import { hashToken, newAccessToken } from '../../../lib/tokens';
import { codeGuessGuards, type OneTimeCodePurpose, type OneTimeCodeRow, oneTimeCodes } from '../schema/one-time-codes';

/** A day without a wrong code ends a guessing episode. */
const GUESS_EPISODE_MS = 24 * 60 * 60_000;

/** A random code of spec 9's length (4 digits), leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

function hashCode(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface IssuedCode {
  /** The row id: spec 7's authTokenId. */
  id: string;
  /** The 4 digits to e-mail. */
  code: string;
  /** The token of the e-mail's one-click link (only its hash is stored). */
  linkToken: string;
}

/**
 * Stores a new code for a user and purpose (only its salted hash) and revokes the older live ones, so only
 * the newest works. Answers the row id (spec 7's authTokenId) and the code to e-mail. `id` lets a caller
 * answer the id before the row is written (forgot-password writes it in the background); a re-registration
 * keeps its new password's hash with the code (`pendingPasswordHash`) until the code is verified.
 */
export async function issueCode(
  db: Db,
  input: {
    userId: string;
    purpose: OneTimeCodePurpose;
    now: Date;
    ip?: string | null;
    id?: string;
    pendingPasswordHash?: string | null;
    /** False for a re-registration's code: a stranger's sign-up must not kill the code the owner holds. */
    revokeOlder?: boolean;
    /** The e-mail carrying the code, queued in the code's own transaction: no code without its e-mail. */
    mail?: { emails: EmailQueue; message: (issued: IssuedCode) => MailMessage };
  },
): Promise<IssuedCode> {
  const code = newCode();
  const linkToken = newAccessToken();
  const salt = randomBytes(16).toString('hex');
  return db.transaction(async (tx) => {
    if (input.revokeOlder !== false)
      await tx
        .update(oneTimeCodes)
        .set({ revokedAt: input.now })
        .where(
          and(
            eq(oneTimeCodes.userId, input.userId),
            eq(oneTimeCodes.purpose, input.purpose),
            isNull(oneTimeCodes.consumedAt),
            isNull(oneTimeCodes.revokedAt),
          ),
        );
    const [row] = await tx
      .insert(oneTimeCodes)
      .values({
        ...(input.id ? { id: input.id } : {}),
        userId: input.userId,
        purpose: input.purpose,
        codeHash: hashCode(salt, code),
        salt,
        expiresAt: new Date(input.now.getTime() + OTP_TTL_MINUTES * 60_000),
        ip: input.ip ?? null,
        pendingPasswordHash: input.pendingPasswordHash ?? null,
        linkTokenHash: hashToken(linkToken),
        linkExpiresAt: new Date(input.now.getTime() + LINK_TTL_MINUTES * 60_000),
        createdAt: input.now,
      })
      .returning({ id: oneTimeCodes.id });
    if (!row) throw new Error('One-time code insert returned no row');
    const issued = { id: row.id, code, linkToken };
    if (input.mail) await input.mail.emails.send(input.mail.message(issued), { db: tx, key: `code:${row.id}` });
    return issued;
  });
}

export type CodeCheck =
  | { status: 'ok'; row: OneTimeCodeRow }
  | { status: 'wrong' }
  | { status: 'expired' }
  | { status: 'dead' }
  | { status: 'unknown' };

/**
 * Checks a code. Each try first claims one of the OTP_MAX_ATTEMPTS tries in a single conditional UPDATE,
 * so parallel guesses cannot exceed the limit; a right code is then consumed exactly once. After the fifth
 * try the code is dead: a sixth is refused even when right.
 */
export async function checkCode(db: Db, id: string, code: string, now: Date): Promise<CodeCheck> {
  const [claimed] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.id, id),
        isNull(oneTimeCodes.consumedAt),
        isNull(oneTimeCodes.revokedAt),
        lt(oneTimeCodes.attempts, OTP_MAX_ATTEMPTS),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .returning();
  if (!claimed) {
    const [row] = await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.id, id)).limit(1);
    if (!row) return { status: 'unknown' };
    if (!row.consumedAt && !row.revokedAt && row.attempts < OTP_MAX_ATTEMPTS && row.expiresAt <= now) {
      return { status: 'expired' };
    }
    return { status: 'dead' };
  }
  if (!sameHash(claimed.codeHash, hashCode(claimed.salt, code))) return { status: 'wrong' };
  const [consumed] = await db
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt), isNull(oneTimeCodes.revokedAt)))
    .returning();
  return consumed ? { status: 'ok', row: consumed } : { status: 'dead' };
}

export async function findCode(db: Db, id: string): Promise<OneTimeCodeRow | undefined> {
  const [row] = await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.id, id)).limit(1);
  return row;
}

/** Whether the row's link token is this one and the link still lives (the row neither used nor replaced). */
export function linkMatches(row: OneTimeCodeRow, linkToken: string | undefined, now: Date): boolean {
  if (!linkToken || !row.linkTokenHash || !row.linkExpiresAt) return false;
  if (row.consumedAt || row.revokedAt || row.linkExpiresAt <= now) return false;
  return sameHash(row.linkTokenHash, hashToken(linkToken));
}

/**
 * Uses an e-mailed link: the code row it names is consumed exactly once (as a right code would be), whatever
 * its wrong tries; undefined when the link is unknown, used, replaced by a newer e-mail or expired.
 */
export async function consumeLink(db: Db, linkToken: string, now: Date): Promise<OneTimeCodeRow | undefined> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(oneTimeCodes.linkTokenHash, hashToken(linkToken)),
        isNull(oneTimeCodes.consumedAt),
        isNull(oneTimeCodes.revokedAt),
        gt(oneTimeCodes.linkExpiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Whether this account's codes need their link token now (too many wrong codes within the episode). */
export async function codesNeedLink(db: Db, userId: string, now: Date): Promise<boolean> {
  const [guard] = await db.select().from(codeGuessGuards).where(eq(codeGuessGuards.userId, userId)).limit(1);
  if (!guard) return false;
  return guard.failures >= CODE_GUESS_LIMIT && now.getTime() - guard.lastFailureAt.getTime() < GUESS_EPISODE_MS;
}

/**
 * Counts one wrong code for the account (one atomic upsert, so parallel guesses all count). Answers whether this
 * guess crossed the limit: the caller warns the owner then, once per episode.
 */
export async function recordWrongCode(db: Db, userId: string, now: Date): Promise<{ crossedLimit: boolean }> {
  const episodeStart = new Date(now.getTime() - GUESS_EPISODE_MS);
  const fresh = sql`${codeGuessGuards.lastFailureAt} <= ${episodeStart.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(codeGuessGuards)
    .values({ userId, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: codeGuessGuards.userId,
      set: {
        failures: sql`case when ${fresh} then 1 else ${codeGuessGuards.failures} + 1 end`,
        alertedAt: sql`case when ${fresh} then null else ${codeGuessGuards.alertedAt} end`,
        lastFailureAt: now,
      },
    })
    .returning();
  if (!row || row.failures < CODE_GUESS_LIMIT || row.alertedAt) return { crossedLimit: false };
  // Claimed by the one guess that sets alerted_at, however many cross the limit at once.
  const [claimed] = await db
    .update(codeGuessGuards)
    .set({ alertedAt: now })
    .where(and(eq(codeGuessGuards.userId, userId), isNull(codeGuessGuards.alertedAt)))
    .returning({ userId: codeGuessGuards.userId });
  return { crossedLimit: Boolean(claimed) };
}

import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@postwise/shared/constants';
import { OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES } from '@postwise/shared/schemas/accounts';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { EmailQueue } from '../../../integrations/mailer/email-queue';
import type { MailMessage } from '../../../integrations/mailer/mailer';
import { type OneTimeCodePurpose, type OneTimeCodeRow, oneTimeCodes } from '../schema/one-time-codes';

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
    mail?: { emails: EmailQueue; message: (code: string) => MailMessage };
  },
): Promise<{ id: string; code: string }> {
  const code = newCode();
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
        createdAt: input.now,
      })
      .returning({ id: oneTimeCodes.id });
    if (!row) throw new Error('One-time code insert returned no row');
    if (input.mail) await input.mail.emails.send(input.mail.message(code), { db: tx, key: `code:${row.id}` });
    return { id: row.id, code };
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

import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** What a one-time code proves: the e-mail of a registration, or the right to reset a password. */
export type OneTimeCodePurpose = 'register' | 'forgot';

/**
 * E-mailed 4-digit codes (spec 2.6, 9). Only a salted SHA-256 of the code is stored. A code lives 10 minutes,
 * dies after 5 wrong tries, and only the newest of a user and purpose is live (older ones get revoked_at).
 * The row id is the `authTokenId` of spec 7.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<OneTimeCodePurpose>().notNull(),
    codeHash: text('code_hash').notNull(),
    salt: text('salt').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    // Set when a newer code of the same user and purpose is sent.
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    /**
     * Registering an e-mail whose account was never verified does not touch that account: the new
     * password waits here, argon2id-hashed, and replaces the old one only when this code is verified.
     */
    pendingPasswordHash: text('pending_password_hash'),
    /**
     * The e-mail's one-click link carries a long random token (its SHA-256 is kept here): it proves the mailbox as
     * the code does, without the 4 digits anyone can guess. Lives longer than the code (LINK_TTL_MINUTES) so the
     * newest e-mail in the owner's inbox always holds a working link while sends are capped.
     */
    linkTokenHash: text('link_token_hash'),
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('one_time_codes_user_id_purpose_created_at_idx').on(t.userId, t.purpose, t.createdAt),
    uniqueIndex('one_time_codes_link_token_hash_key').on(t.linkTokenHash),
    check('one_time_codes_purpose_check', sql`${t.purpose} in ('register', 'forgot')`),
    check('one_time_codes_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

export type OneTimeCodeRow = typeof oneTimeCodes.$inferSelect;

/**
 * Wrong codes typed for one account, whatever the code, purpose or client. Past CODE_GUESS_LIMIT within a day
 * of each other a code works only with its e-mail's link token (4 digits alone are guessable over days), and the
 * owner is warned once (alerted_at) per such episode. A day without a wrong code starts over.
 */
export const codeGuessGuards = pgTable(
  'code_guess_guards',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    failures: integer('failures').notNull().default(0),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
  },
  (t) => [check('code_guess_guards_failures_check', sql`${t.failures} >= 0`)],
);

export type CodeGuessGuardRow = typeof codeGuessGuards.$inferSelect;

import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * 'full' is a normal sign-in. Later: 'onboarding' (a registering applicant) and 'reset'
 * (a verified password-reset code) grant narrower access.
 */
export type SessionScope = 'full' | 'onboarding' | 'reset';

/** Access tokens. Only the sha256 of the token is stored; the raw token is shown once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    scope: text('scope').$type<SessionScope>().notNull().default('full'),
    // Set when an admin accesses another account (spec 1, impersonation).
    impersonatorUserId: uuid('impersonator_user_id').references(() => users.id, { onDelete: 'cascade' }),
    // The impersonator's own session the acting session was started from (the first one of a nested chain): an
    // acting session lives only while that one does.
    impersonatorSessionId: uuid('impersonator_session_id').references((): AnyPgColumn => sessions.id, {
      onDelete: 'cascade',
    }),
    // Server-side unlock of a password-protected Configuration tab (spec 2.3).
    configurationUnlockedUntil: timestamp('configuration_unlocked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_id_idx').on(t.userId),
    // Revoking the acting sessions of an impersonator (password change, deactivation).
    index('sessions_impersonator_user_id_idx').on(t.impersonatorUserId),
    index('sessions_impersonator_session_id_idx').on(t.impersonatorSessionId),
    check('sessions_scope_check', sql`${t.scope} in ('full', 'onboarding', 'reset')`),
  ],
);

export type SessionRow = typeof sessions.$inferSelect;

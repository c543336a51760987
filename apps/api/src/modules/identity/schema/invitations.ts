import type { RoleCode } from '@postwise/shared/roles';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * An account an admin added (Add Customer, Add Sub Admin). The user row exists from the start, with no usable
 * password and onboarding at its first step, bound to the inviting admin and the role. The e-mailed link opens
 * /register with parentUser, role and the invitation's own token; only that token (stored as its SHA-256) lets
 * a registration complete the account. Until its e-mail is verified the account counts as invited.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    role: text('role').$type<RoleCode>().notNull(),
    // Null for invitations made before tokens existed (and the demo one): those cannot be completed by a link.
    tokenHash: text('token_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invitations_user_id_idx').on(t.userId),
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    check('invitations_role_check', sql`${t.role} in ('SUB_ADMIN', 'USER')`),
  ],
);

export type InvitationRow = typeof invitations.$inferSelect;

import type { RoleCode } from '@postwise/shared/roles';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * An account an admin added (Add Customer, Add Sub Admin). The user row exists from the start, with no usable
 * password and onboarding at its first step; the e-mailed link opens /register with the inviting admin as
 * parentUser, and registering there (issue 3: an unverified applicant may register again) takes the account
 * over. Until its e-mail is verified the account counts as invited.
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invitations_user_id_idx').on(t.userId),
    check('invitations_role_check', sql`${t.role} in ('SUB_ADMIN', 'USER')`),
  ],
);

export type InvitationRow = typeof invitations.$inferSelect;

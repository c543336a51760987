import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Privacy policy and terms HTML of spec 3, one row per owner (the super admin for the platform, or a
 * sub-admin for their customers). The register page reads the row of the inviting parent user.
 * Writers sanitize the HTML before storing it.
 */
export const policyAndTerms = pgTable(
  'policy_and_terms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    privacyPolicyHtml: text('privacy_policy_html').notNull().default(''),
    termsHtml: text('terms_html').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('policy_and_terms_owner_user_id_key').on(t.ownerUserId)],
);

export type PolicyAndTermsRow = typeof policyAndTerms.$inferSelect;

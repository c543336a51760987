import type { AccountType, OnboardingStep, RoleCode } from '@postwise/shared/roles';
import type { Business, Personal } from '@postwise/shared/api-types';
import type { NotificationPreferencesInput } from '@postwise/shared/account-settings';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export interface UserConfiguration {
  lightLogo: string | null;
  darkLogo: string | null;
  isPasswordProtected: boolean;
}

export type UserStatus = 'active' | 'inactive';
export type MailboxType = 'personal' | 'business';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    roleCode: text('role_code').$type<RoleCode>().notNull(),
    accountType: text('account_type').$type<AccountType>(),
    parentUserId: uuid('parent_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    isSuperSubAdmin: boolean('is_super_sub_admin').notNull().default(false),
    tier: text('tier').$type<'pro'>(),
    status: text('status').$type<UserStatus>().notNull().default('active'),
    personal: jsonb('personal').$type<Partial<Personal>>().notNull().default({}),
    // Derived from personal so name search can use an index; never written directly.
    fullName: text('full_name')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(personal->>'fullName', '')`),
    business: jsonb('business').$type<Business>(),
    authorizedIndividual: jsonb('authorized_individual').$type<Partial<Personal>>(),
    mailboxType: text('mailbox_type').$type<MailboxType>(),
    isCourtProtected: boolean('is_court_protected').notNull().default(false),
    signature: text('signature'),
    configuration: jsonb('configuration')
      .$type<UserConfiguration>()
      .notNull()
      .default({ lightLogo: null, darkLogo: null, isPasswordProtected: false }),
    currentStep: text('current_step').$type<OnboardingStep>(),
    // Onboarding: the e-mail code was verified; whose invitation link was used; the contract signature.
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    referredByUserId: uuid('referred_by_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signedIp: text('signed_ip'),
    // Account settings: which events reach the customer by e-mail, in the app and by push (null: all on);
    // when the customer closed the account (it cannot sign in again).
    notificationPreferences: jsonb('notification_preferences').$type<NotificationPreferencesInput>(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_full_name_lower_idx').on(sql`lower(${t.fullName})`),
    // Admin lists sort newest first (created_at, id) within a role, an owner or a referrer.
    index('users_parent_user_id_idx').on(t.parentUserId, t.roleCode, t.createdAt, t.id),
    // role_code last: the referred-clients list filters on it, and an index-only seek can check it in the index.
    index('users_referred_by_user_id_idx').on(t.referredByUserId, t.createdAt, t.id, t.roleCode),
    index('users_role_code_created_at_idx').on(t.roleCode, t.createdAt, t.id),
    // Admin list search: "starts with" over e-mail, full name and last name, whatever the collation.
    index('users_email_pattern_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('users_full_name_pattern_idx').on(sql`lower(${t.fullName}) text_pattern_ops`),
    index('users_last_name_pattern_idx').on(sql`lower(${t.personal}->>'lastName') text_pattern_ops`),
    check('users_role_code_check', sql`${t.roleCode} in ('SUPER_ADMIN', 'SUB_ADMIN', 'USER')`),
    check('users_account_type_check', sql`${t.accountType} in ('shipment', 'mailbox', 'both')`),
    check('users_status_check', sql`${t.status} in ('active', 'inactive')`),
    check('users_tier_check', sql`${t.tier} in ('pro')`),
    check('users_mailbox_type_check', sql`${t.mailboxType} in ('personal', 'business')`),
    check(
      'users_current_step_check',
      sql`${t.currentStep} in ('account-type', 'account-info', 'shipment-verification', 'mailbox-rental-contract', 'upload-documents')`,
    ),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

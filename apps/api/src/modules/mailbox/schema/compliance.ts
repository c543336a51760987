import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ComplianceIdKind, CompliancePerson, WitnessMethod } from '@postwise/shared/compliance';
import { users } from '../../identity';

/**
 * The IDs of each person on a box as the store agent read them from the originals (USPS Form 1583 boxes 7 and
 * 13, and the CRD export): one photo ID and one address ID per person. Kept per customer, so they are recorded
 * at approval, before the box row exists, and stay with the box holder.
 */
export const complianceIds = pgTable(
  'compliance_ids',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    person: text('person').$type<CompliancePerson>().notNull(),
    personName: text('person_name').notNull(),
    kind: text('kind').$type<ComplianceIdKind>().notNull(),
    idType: text('id_type').notNull(),
    idNumber: text('id_number').notNull(),
    issuingAuthority: text('issuing_authority').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }),
    /** Set when the "expires in 30 days" alert went out (claimed once, so each ID is told once). */
    expiryAlertedAt: timestamp('expiry_alerted_at', { withTimezone: true }),
    recordedByUserId: uuid('recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('compliance_ids_user_person_kind_key').on(t.userId, t.person, t.kind),
    // The expiry alert job: IDs not yet alerted, by expiry date.
    index('compliance_ids_unalerted_expiry_idx')
      .on(t.expiresOn)
      .where(sql`${t.expiryAlertedAt} is null`),
    check('compliance_ids_person_check', sql`${t.person} in ('applicant', 'authorized')`),
    check('compliance_ids_kind_check', sql`${t.kind} in ('photo', 'address')`),
  ],
);

/** Who witnessed the original IDs of a Form 1583, how and when (one per customer, recorded at approval). */
export const form1583Witnesses = pgTable(
  'form_1583_witnesses',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentUserId: uuid('agent_user_id').references(() => users.id, { onDelete: 'set null' }),
    agentName: text('agent_name').notNull(),
    method: text('method').$type<WitnessMethod>().notNull(),
    witnessedOn: date('witnessed_on', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('form_1583_witnesses_method_check', sql`${t.method} in ('in_person', 'video')`)],
);

/**
 * The quarterly certification reminders sent: one row per operator and quarter, inserted with ON CONFLICT DO
 * NOTHING by the job, so each operator is reminded once a quarter however many processes run it.
 */
export const certificationReminders = pgTable(
  'certification_reminders',
  {
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quarter: text('quarter').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerUserId, t.quarter] })],
);

export type ComplianceIdRow = typeof complianceIds.$inferSelect;

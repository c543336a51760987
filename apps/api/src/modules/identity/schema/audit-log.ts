import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Who did what, and as whom: an admin acting inside another account is the actor, the account is acting_as. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actingAsUserId: uuid('acting_as_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    // What was acted on, e.g. ('user', id) or ('shipment', id).
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_actor_user_id_created_at_idx').on(t.actorUserId, t.createdAt),
    index('audit_log_acting_as_user_id_created_at_idx').on(t.actingAsUserId, t.createdAt),
    // A customer's activity (rows about them) and the super admin's newest-first log.
    index('audit_log_target_created_at_idx').on(t.targetType, t.targetId, t.createdAt),
    index('audit_log_created_at_idx').on(t.createdAt, t.id),
  ],
);

export type AuditLogRow = typeof auditLog.$inferSelect;

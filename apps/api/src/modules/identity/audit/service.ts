import type { AuditEntry, UserRef } from '@postwise/shared/admin';
import type { PageQuery } from '@postwise/shared/schemas/paging';
import { and, eq, inArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client';
import { type Actor, personOf } from '../tenancy/actor';
import { auditLog, type AuditLogRow } from '../schema/audit-log';
import { users } from '../schema/users';
import { descending, pagedPrepared, preparedList } from '../../../db/paging';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the handler wrote its own audit row, so the catch-all hook does not write a second one. */
    auditWritten: boolean;
  }
}

export interface AuditInput {
  /** The person who did it: the admin behind an impersonation, else the signed-in user. */
  actorUserId: string | null;
  /** The account the actor was acting as (impersonation), else null. */
  actingAsUserId: string | null;
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  details?: Record<string, unknown> | null;
  ip?: string | null;
}

export async function writeAudit(db: Db, input: AuditInput): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: input.actorUserId,
    actingAsUserId: input.actingAsUserId,
    action: input.action,
    targetType: input.targetType ?? null,
    targetId: input.targetId ?? null,
    details: input.details ?? null,
    ip: input.ip ?? null,
  });
}

/** Who is acting on this request: the human (actor) and, during impersonation, the account used. */
export function actorsOf(request: FastifyRequest): { actorUserId: string | null; actingAsUserId: string | null } {
  const auth = request.auth;
  if (!auth) return { actorUserId: null, actingAsUserId: null };
  return auth.impersonatorUserId
    ? { actorUserId: auth.impersonatorUserId, actingAsUserId: auth.user.id }
    : { actorUserId: auth.user.id, actingAsUserId: null };
}

const auditedActors = new WeakSet<Actor>();

/**
 * Records what an actor did (who, as whom, what, on what, from where). The actor of a request is one object
 * for the whole request, so the trail's catch-all row for impersonated writes is not written a second time.
 */
export async function audit(
  db: Db,
  actor: Actor,
  action: string,
  target: { type: string; id: string } | null,
  details?: Record<string, unknown>,
): Promise<void> {
  await writeAudit(db, {
    actorUserId: personOf(actor),
    actingAsUserId: actor.impersonatorUserId ? actor.userId : null,
    action,
    targetType: target?.type ?? null,
    targetId: target?.id ?? null,
    details: details ?? null,
    ip: actor.ip,
  });
  auditedActors.add(actor);
}

/** Whether this actor's call already wrote its own audit row. */
export function wasAudited(actor: Actor): boolean {
  return auditedActors.has(actor);
}

/** Records an action of the signed-in request (who, as whom, what, on what) and marks the request audited. */
export async function auditRequest(
  request: FastifyRequest,
  db: Db,
  action: string,
  target: { type: string; id: string } | null,
  details?: Record<string, unknown>,
): Promise<void> {
  await writeAudit(db, {
    ...actorsOf(request),
    action,
    targetType: target?.type ?? null,
    targetId: target?.id ?? null,
    details: details ?? null,
    ip: request.ip,
  });
  request.auditWritten = true;
}

const actors = alias(users, 'audit_actors');
const actingAs = alias(users, 'audit_acting_as');

type RefRow = { id: string; fullName: string; email: string; role: string } | null;

function ref(row: RefRow) {
  if (!row?.id) return null;
  return { id: row.id, fullName: row.fullName ?? '', email: row.email ?? '', role: row.role } as UserRef;
}

function toEntry(row: { log: AuditLogRow; actor: RefRow; actingAs: RefRow }): AuditEntry {
  return {
    id: row.log.id,
    action: row.log.action,
    actor: ref(row.actor),
    actingAs: ref(row.actingAs),
    targetType: row.log.targetType,
    targetId: row.log.targetId,
    details: row.log.details ?? null,
    ip: row.log.ip,
    createdAt: row.log.createdAt.toISOString(),
  };
}

/** Rows that concern a user: done by them, done as them, or done to them. */
export function concerning(userId: string | Placeholder): SQL {
  return or(
    eq(auditLog.actorUserId, userId),
    eq(auditLog.actingAsUserId, userId),
    and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId)),
  ) as SQL;
}

export interface AuditListFilter {
  userId?: string;
  action?: string;
}

/** The audit log newest first, paged in SQL through statements prepared once per shape of filters. */
export function listAudit(db: Db, page: PageQuery, filter: AuditListFilter) {
  const p = sql.placeholder;
  const list = preparedList<Parameters<typeof toEntry>[0]>(
    db,
    'audit',
    { userId: Boolean(filter.userId), action: Boolean(filter.action) },
    (shape) => {
      const where = and(
        shape.userId ? concerning(p('userId')) : undefined,
        shape.action ? eq(auditLog.action, p('action')) : undefined,
      );
      return {
        from: auditLog,
        where,
        key: auditLog.id,
        order: descending(auditLog.createdAt, auditLog.id),
        load: (keys) =>
          db
            .select({
              log: auditLog,
              actor: { id: actors.id, fullName: actors.fullName, email: actors.email, role: actors.roleCode },
              actingAs: {
                id: actingAs.id,
                fullName: actingAs.fullName,
                email: actingAs.email,
                role: actingAs.roleCode,
              },
            })
            .from(auditLog)
            .leftJoin(actors, eq(actors.id, auditLog.actorUserId))
            .leftJoin(actingAs, eq(actingAs.id, auditLog.actingAsUserId))
            .where(inArray(auditLog.id, keys)),
      };
    },
  );
  const values = {
    ...(filter.userId ? { userId: filter.userId } : {}),
    ...(filter.action ? { action: filter.action } : {}),
  };
  return pagedPrepared(list, values, page, toEntry);
}

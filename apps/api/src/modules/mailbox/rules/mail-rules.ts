import {
  MAIL_RULE_MESSAGES,
  MAX_MAIL_RULES,
  type MailRule,
  type MailRuleInput,
  type MailRulePatch,
  mailRuleSchema,
} from '@postwise/shared/mail-rules';
import type { PageQuery } from '@postwise/shared/schemas/paging';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { paged } from '../../../db/paging';
import { conflict, notFound } from '../../../lib/errors';
import { parseOrFail } from '../../platform';
import { type MailRuleRow, mailRules } from '../schema/mail';

/** The customer's own rules: another customer's rule answers 404, as if it did not exist. */
export function toRuleDto(row: MailRuleRow): MailRule {
  return {
    id: row.id,
    name: row.name,
    match: row.match,
    action: row.action,
    paused: row.pausedAt !== null,
    appliedCount: row.appliedCount,
    lastAppliedAt: row.lastAppliedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function loadOwnRule(db: Db, userId: string, id: string): Promise<MailRuleRow> {
  const [row] = await db
    .select()
    .from(mailRules)
    .where(and(eq(mailRules.id, id), eq(mailRules.userId, userId)))
    .limit(1);
  if (!row) throw notFound(MAIL_RULE_MESSAGES.notFound);
  return row;
}

/** GET mail-rules: the caller's rules in the order they are checked (oldest first). */
export function listMailRules(db: Db, userId: string, page: PageQuery) {
  const where = eq(mailRules.userId, userId);
  return paged({
    page,
    rows: (limit, offset) =>
      db
        .select()
        .from(mailRules)
        .where(where)
        .orderBy(asc(mailRules.createdAt), asc(mailRules.id))
        .limit(limit)
        .offset(offset),
    count: () => db.$count(mailRules, where),
    map: toRuleDto,
  });
}

/** POST mail-rules. At most MAX_MAIL_RULES per customer (409), since every intake into their box reads them all. */
export async function createMailRule(db: Db, userId: string, input: MailRuleInput, now: Date): Promise<MailRule> {
  return db.transaction(async (tx) => {
    if ((await tx.$count(mailRules, eq(mailRules.userId, userId))) >= MAX_MAIL_RULES) {
      throw conflict(MAIL_RULE_MESSAGES.tooMany);
    }
    const [row] = await tx
      .insert(mailRules)
      .values({ userId, name: input.name, match: input.match, action: input.action, createdAt: now, updatedAt: now })
      .returning();
    return toRuleDto(row!);
  });
}

/**
 * PATCH mail-rules/{id}: edit any part, pause or resume. The rule as it would stand is checked whole (a shred
 * action needs the kind Letter, whichever of the two was changed), 422 otherwise.
 */
export async function updateMailRule(
  db: Db,
  userId: string,
  id: string,
  patch: MailRulePatch,
  now: Date,
): Promise<MailRule> {
  const row = await loadOwnRule(db, userId, id);
  const next = parseOrFail(mailRuleSchema, {
    name: patch.name ?? row.name,
    match: patch.match ?? row.match,
    action: patch.action ?? row.action,
  });
  const pausedAt = patch.paused === undefined ? row.pausedAt : patch.paused ? (row.pausedAt ?? now) : null;
  const [updated] = await db
    .update(mailRules)
    .set({ ...next, pausedAt, updatedAt: now })
    .where(and(eq(mailRules.id, id), eq(mailRules.userId, userId)))
    .returning();
  if (!updated) throw notFound(MAIL_RULE_MESSAGES.notFound);
  return toRuleDto(updated);
}

/** DELETE mail-rules/{id}: items it acted on keep its name. */
export async function deleteMailRule(db: Db, userId: string, id: string): Promise<{ id: string }> {
  const [gone] = await db
    .delete(mailRules)
    .where(and(eq(mailRules.id, id), eq(mailRules.userId, userId)))
    .returning({ id: mailRules.id });
  if (!gone) throw notFound(MAIL_RULE_MESSAGES.notFound);
  return gone;
}

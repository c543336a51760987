import { MAIL_ITEM_KIND_LABELS, MAIL_REQUEST_TYPE_LABELS } from '@postwise/shared/mail';
import { type RuleSubject, ruleMatches } from '@postwise/shared/mail-rules';
import type { CreateMailRequestInput } from '@postwise/shared/schemas/mail';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { isAppError } from '../../../lib/errors';
import { notify } from '../../platform';
import { actorFromUser } from '../../identity';
import { createMailRequest } from '../mail/create-request';
import type { MailContext } from '../mail/mail-context';
import { mailboxOnHand } from '../mail/mail-records';
import { type MailRuleRow, mailItems, mailRules } from '../schema/mail';

/** The first active rule of the customer (oldest first) that matches the item, or null. */
export async function findMatchingRule(db: Db, userId: string, subject: RuleSubject): Promise<MailRuleRow | null> {
  const rules = await db
    .select()
    .from(mailRules)
    .where(and(eq(mailRules.userId, userId), isNull(mailRules.pausedAt)))
    .orderBy(asc(mailRules.createdAt), asc(mailRules.id));
  return rules.find((rule) => ruleMatches(rule, subject)) ?? null;
}

/** Counts one more item the rule acted on. */
export async function countRuleApplied(db: Db, ruleId: string, now: Date): Promise<void> {
  await db
    .update(mailRules)
    .set({ appliedCount: sql`${mailRules.appliedCount} + 1`, lastAppliedAt: now })
    .where(eq(mailRules.id, ruleId));
}

/** Actions a rule takes by making a request, as the customer would by hand. */
export type RequestRuleAction = 'scan' | 'forward' | 'shred';

export function isRequestAction(type: MailRuleRow['action']['type']): type is RequestRuleAction {
  return type === 'scan' || type === 'forward' || type === 'shred';
}

export type RuleRequestOutcome = { ok: true } | { ok: false; reason: string };

/**
 * A rule's scan, forward or shred: made through the same use case as a request by hand, as the box holder, so it
 * is priced, paid and confirmed the same way (a scan uses one of their scans; a forward is charged to their
 * default card, a retry never twice thanks to a key of the rule and the item). When it cannot be made (no scans
 * left, no card, a declined card) nothing is made and the customer is told why, to do it by hand.
 */
export async function runRuleRequest(
  ctx: MailContext,
  rule: MailRuleRow,
  item: { id: string; userId: string; number: number; sender: string },
): Promise<RuleRequestOutcome> {
  const action = rule.action;
  if (!isRequestAction(action.type)) return { ok: true };
  const note = `Requested by your rule “${rule.name}”`;
  const input: CreateMailRequestInput =
    action.type === 'forward'
      ? {
          type: 'forward',
          address: action.address,
          service: action.service,
          signature: false,
          declaredValueCents: 0,
          consolidateItemIds: [],
          note,
        }
      : { type: action.type, note };
  const now = ctx.now();
  try {
    await createMailRequest(
      ctx,
      actorFromUser({ id: item.userId, roleCode: 'USER', isSuperSubAdmin: false }),
      item.id,
      input,
      `rule:${rule.id}:${item.id}`,
    );
  } catch (err) {
    if (!isAppError(err)) ctx.log.error({ err, ruleId: rule.id, itemId: item.id }, 'mail rule request failed');
    const reason = isAppError(err) ? err.message : 'Something went wrong.';
    const what = MAIL_REQUEST_TYPE_LABELS[action.type].toLowerCase();
    await notify(
      ctx,
      {
        userId: item.userId,
        kind: 'new_mail',
        title: `Your rule “${rule.name}” could not ${action.type === 'scan' ? 'scan' : action.type} M-${item.number}`,
        body: `The ${what} your rule asks for was not made: ${reason} Open the item to choose what to do.`,
        link: `/inbox?item=${item.id}`,
        mailItemId: item.id,
      },
      now,
    );
    return { ok: false, reason };
  }
  await ctx.db.transaction(async (tx) => {
    await tx.update(mailItems).set({ ruleId: rule.id, ruleName: rule.name }).where(eq(mailItems.id, item.id));
    await countRuleApplied(tx, rule.id, now);
  });
  return { ok: true };
}

/**
 * The rules again once an item's text is recognised (a scan or the envelope photo read): an item no rule has
 * acted on yet, still untouched in the inbox, gets the first rule that matches now that the words can be checked.
 * Answers the rule that acted, or null.
 */
export async function applyRulesToRecognisedText(
  ctx: MailContext,
  itemId: string,
  text: string,
): Promise<{ ruleId: string; ruleName: string } | null> {
  const [item] = await ctx.db.select().from(mailItems).where(eq(mailItems.id, itemId)).limit(1);
  if (!item || item.ruleId || item.status !== 'received' || item.folder !== 'inbox' || item.openRequestId) return null;
  const rule = await findMatchingRule(ctx.db, item.userId, { sender: item.sender, kind: item.kind, text });
  if (!rule) return null;
  const now = ctx.now();
  if (isRequestAction(rule.action.type)) {
    const outcome = await runRuleRequest(ctx, rule, item);
    return outcome.ok ? { ruleId: rule.id, ruleName: rule.name } : null;
  }
  await ctx.db.transaction(async (tx) => {
    const set =
      rule.action.type === 'junk'
        ? { status: 'junked' as const, storageEndedAt: now }
        : rule.action.type === 'archive'
          ? { folder: 'archive' as const, archivedAt: now }
          : {};
    await tx
      .update(mailItems)
      .set({ ...set, ruleId: rule.id, ruleName: rule.name, updatedAt: now })
      .where(and(eq(mailItems.id, item.id), isNull(mailItems.ruleId), eq(mailItems.status, 'received')));
    await countRuleApplied(tx, rule.id, now);
  });
  mailboxOnHand.forget(item.mailboxId);
  if (rule.action.type === 'notify') {
    const what = MAIL_ITEM_KIND_LABELS[item.kind].toLowerCase();
    await notify(
      ctx,
      {
        userId: item.userId,
        kind: 'new_mail',
        title: `Rule “${rule.name}”: ${what} from ${item.sender}`,
        body: `Your rule “${rule.name}” matched the ${what} M-${item.number} from ${item.sender}.`,
        link: `/inbox?item=${item.id}`,
        mailItemId: item.id,
      },
      now,
    );
  }
  return { ruleId: rule.id, ruleName: rule.name };
}

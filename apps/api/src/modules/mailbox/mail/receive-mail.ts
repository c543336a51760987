import type { Actor } from '../../identity';
import { randomUUID } from 'node:crypto';
import type { MailItem } from '@postwise/shared/mail-api';
import {
  MAIL_INTAKE_MESSAGES,
  MAIL_ITEM_KIND_LABELS,
  MAIL_REQUEST_TYPE_LABELS,
  type MailRequestType,
  formatMailboxAddress,
  mailboxDisplayStatus,
  receivingFees,
  storageDailyFee,
} from '@postwise/shared/mail';
import { formatCents } from '@postwise/shared/plans';
import type { ReceiveMailInput } from '@postwise/shared/schemas/mail';
import { and, eq, gte } from 'drizzle-orm';
import { mailItemFees, mailItems } from '../schema/mail';
import { mailboxes } from '../schema/mailboxes';
import type { Db } from '../../../db/client';
import { conflict, validationFailed } from '../../../lib/errors';
import { bodyHash } from '../../billing';
import { notify } from '../../platform';
import type { MailContext } from './mail-context';
import { startOfMonthInZone } from '../../../lib/time-zone';
import { feeDate, freeUntilInZone } from './storage-clock';
import { loadItemDto, loadOperatorMailbox, mailboxOnHand } from './mail-records';
import { holderFees } from './plan-fees';
import { queueTextRecognition } from './recognise-text';
import { emitMailItemReceived } from './webhook-events';
import { countRuleApplied, findMatchingRule, isRequestAction, runRuleRequest } from '../rules/apply-rules';

export interface Photo {
  body: Buffer;
  contentType: string;
}

/**
 * POST mailboxes/{id}/labels: logs one item received at the store. Refused (409 MAILBOX_NOT_RECEIVING, with the
 * reason and what to do) for a closed or cancelled box or one whose Form 1583 application is not approved (USPS
 * CMRA rule). Fees are fixed now from the holder's plan: receiving fees as fee rows of today, the storage clock
 * on the item. The customer's first matching rule acts: junk and archive as the item is recorded (it arrives
 * junked, or in the archive), notify in the wording of the new-mail notice, and scan, forward or shred as a
 * request made as the customer would by hand, after the item is recorded. The customer is notified.
 */
export const INTAKE_KEY_REUSED =
  'This Idempotency-Key was already used for another item. Send a new key for each item received.';

/** The item an earlier intake with this key made; 422 when the key came with other fields. */
async function findIntake(db: Db, mailboxId: string, intakeKey: string, hash: string): Promise<string | null> {
  const [row] = await db
    .select({ id: mailItems.id, hash: mailItems.intakeHash })
    .from(mailItems)
    .where(and(eq(mailItems.mailboxId, mailboxId), eq(mailItems.intakeKey, intakeKey)));
  if (!row) return null;
  if (row.hash !== hash) throw validationFailed(INTAKE_KEY_REUSED, { idempotencyKey: INTAKE_KEY_REUSED });
  return row.id;
}

export async function receiveMail(
  ctx: MailContext,
  me: Actor,
  mailboxId: string,
  input: ReceiveMailInput,
  photos: Photo[],
  intakeKey?: string,
): Promise<MailItem> {
  const now = ctx.now();
  const box = await loadOperatorMailbox(ctx.db, me, mailboxId);
  // The operator's key for this entry: a retry (no answer came back) answers the item it already made.
  const intakeHash = intakeKey ? bodyHash({ ...input, photos: photos.map((p) => p.body.byteLength) }) : null;
  if (intakeKey) {
    const earlier = await findIntake(ctx.db, mailboxId, intakeKey, intakeHash!);
    if (earlier) return loadItemDto(ctx.db, earlier, now, ctx.photoLinks);
  }
  const display = mailboxDisplayStatus(box.mailbox.status, box.mailbox.closedAt, now);
  if (display !== 'active') throw conflict(MAIL_INTAKE_MESSAGES[display], 'MAILBOX_NOT_RECEIVING');
  if (box.profileStatus !== 'active') throw conflict(MAIL_INTAKE_MESSAGES.notApproved, 'MAILBOX_NOT_RECEIVING');

  const id = randomUUID();
  const photoKeys: string[] = [];
  // Any failure from here until the item is recorded deletes the photos already stored: a refused intake
  // leaves no file behind.
  const discardPhotos = () => Promise.allSettled(photoKeys.map((key) => ctx.storage.delete(key)));
  try {
    for (const [index, photo] of photos.entries()) {
      const key = `mail/${mailboxId}/${id}/photo-${index}`;
      photoKeys.push(key);
      await ctx.storage.put(key, photo.body, photo.contentType);
    }
  } catch (err) {
    await discardPhotos();
    throw err;
  }
  const fee = await holderFees(ctx.db, box.mailbox.userId);
  const dimensions =
    input.lengthIn !== undefined && input.widthIn !== undefined && input.heightIn !== undefined
      ? { lengthIn: input.lengthIn, widthIn: input.widthIn, heightIn: input.heightIn }
      : null;

  const recorded = await ctx.db
    .transaction(async (tx) => {
      // Serialises intake per box, so two packages logged at once never both count as the 5th free receipt.
      await tx.select({ id: mailboxes.id }).from(mailboxes).where(eq(mailboxes.id, mailboxId)).for('update');
      if (intakeKey) {
        const raced = await findIntake(tx, mailboxId, intakeKey, intakeHash!);
        if (raced) return { kind: 'replay' as const, replay: raced };
      }
      const packagesThisMonth =
        input.kind === 'package'
          ? await tx.$count(
              mailItems,
              and(
                eq(mailItems.mailboxId, mailboxId),
                eq(mailItems.kind, 'package'),
                // The month of the free receipts is the store's calendar month.
                gte(mailItems.receivedAt, startOfMonthInZone(now, box.store.timeZone)),
              ),
            )
          : 0;
      // Only the sender and the kind are known now; a rule on words waits for the recognised text.
      const rule = await findMatchingRule(tx, box.mailbox.userId, {
        sender: input.sender,
        kind: input.kind,
        text: null,
      });
      const junk = rule?.action.type === 'junk';
      const archive = rule?.action.type === 'archive';
      // Junk, archive and notify act here; a request (scan, forward, shred) is the rule's only once it is made.
      const actsNow = rule !== null && !isRequestAction(rule.action.type);
      const fees = receivingFees(
        {
          kind: input.kind,
          weightLb: input.weightLb ?? null,
          dimensions,
          receiptNumberThisMonth: packagesThisMonth + 1,
        },
        fee,
      );
      const [inserted] = await tx
        .insert(mailItems)
        .values({
          id,
          mailboxId,
          userId: box.mailbox.userId,
          storeId: box.store.id,
          kind: input.kind,
          sender: input.sender,
          carrier: input.carrier ?? null,
          trackingNumber: input.trackingNumber ?? null,
          weightLb: input.weightLb ?? null,
          lengthIn: dimensions?.lengthIn ?? null,
          widthIn: dimensions?.widthIn ?? null,
          heightIn: dimensions?.heightIn ?? null,
          message: input.message ?? null,
          photoKeys,
          status: junk ? 'junked' : 'received',
          ...(archive ? { folder: 'archive' as const, archivedAt: now } : {}),
          ...(rule && actsNow ? { ruleId: rule.id, ruleName: rule.name } : {}),
          receivedAt: now,
          freeUntil: freeUntilInZone(input.kind, now, box.store.timeZone),
          storageDailyFeeCents: storageDailyFee(input.kind, fee),
          receivingFeeCents: fees.reduce((sum, f) => sum + f.amountCents, 0),
          // Junked on arrival: recycled at once, nothing to store.
          storageEndedAt: junk ? now : null,
          receivedByUserId: me.userId,
          intakeKey: intakeKey ?? null,
          intakeHash,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ number: mailItems.number });
      if (fees.length) {
        await tx
          .insert(mailItemFees)
          .values(
            fees.map((f) => ({
              mailItemId: id,
              userId: box.mailbox.userId,
              kind: f.kind,
              feeDate: feeDate(now, box.store.timeZone),
              amountCents: f.amountCents,
            })),
          )
          .onConflictDoNothing();
      }
      await emitMailItemReceived(tx, box.mailbox.userId, {
        id,
        number: inserted!.number,
        kind: input.kind,
        sender: input.sender,
        carrier: input.carrier ?? null,
        trackingNumber: input.trackingNumber ?? null,
        status: junk ? 'junked' : 'received',
        mailboxId,
        storeId: box.store.id,
        receivedAt: now,
      });
      if (rule && actsNow) await countRuleApplied(tx, rule.id, now);
      // The envelope's words are read in the background: searchable, and checked by rules on words, once read.
      if (photoKeys.length) await queueTextRecognition(tx, id, 'envelope');
      return { kind: 'recorded' as const, rule, number: inserted!.number };
    })
    .catch(async (err: unknown) => {
      await discardPhotos();
      throw err;
    });
  if (recorded.kind === 'replay') {
    // The same entry was saved by a request that raced this one: its photos are the ones kept.
    for (const key of photoKeys) await ctx.storage.delete(key).catch(() => undefined);
    return loadItemDto(ctx.db, recorded.replay, now, ctx.photoLinks);
  }
  mailboxOnHand.forget(mailboxId);
  const { rule } = recorded;
  const junked = rule?.action.type === 'junk';
  // The rule's request, made after the item is recorded (a forward is charged, never inside a transaction).
  const requested =
    rule && isRequestAction(rule.action.type)
      ? await runRuleRequest(ctx, rule, {
          id,
          userId: box.mailbox.userId,
          number: recorded.number,
          sender: input.sender,
        })
      : null;
  if (requested) mailboxOnHand.forget(mailboxId);

  const item = await loadItemDto(ctx.db, id, now, ctx.photoLinks);
  const byRule =
    rule && (!requested || requested.ok)
      ? rule.action.type === 'archive'
        ? ` Your rule “${rule.name}” filed it in your archive.`
        : requested
          ? ` Your rule “${rule.name}” asked for: ${MAIL_REQUEST_TYPE_LABELS[rule.action.type as MailRequestType].toLowerCase()}.`
          : ''
      : '';
  const what = MAIL_ITEM_KIND_LABELS[input.kind].toLowerCase();
  const address = formatMailboxAddress({
    name: box.mailbox.names[0] || box.holder.fullName,
    store: box.store,
    pmbPrefix: box.store.pmbPrefix,
    pmbNumber: box.mailbox.pmbNumber,
  });
  await notify(
    ctx,
    {
      userId: box.mailbox.userId,
      kind: 'new_mail',
      title: junked
        ? `Junk mail from ${input.sender} recycled`
        : rule?.action.type === 'notify'
          ? `Rule “${rule.name}”: new ${what} from ${input.sender}`
          : `New ${what} from ${input.sender}`,
      body: junked
        ? `A ${what} from ${input.sender} arrived at ${item.pmb} and was recycled as you asked.`
        : `A ${what} from ${input.sender} arrived at ${item.pmb}. Free storage for ${item.freeDaysLeft} days${
            item.storageDailyFeeCents
              ? `, then ${formatCents(item.storageDailyFeeCents, { alwaysDecimals: true })} a day`
              : ''
          }.${byRule}`,
      link: `/inbox?item=${id}`,
      mailItemId: id,
      email: {
        paragraphs: [
          junked
            ? `A ${what} from ${input.sender} arrived and was recycled, as you asked for this sender.`
            : `A ${what} from ${input.sender} arrived in your mailbox.${byRule}`,
          ...(input.message ? [`Note from the store: ${input.message}`] : []),
          address.lines.join(', '),
        ],
        actionLabel: 'Open your inbox',
      },
    },
    now,
  );
  return item;
}

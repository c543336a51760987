import type { CreatedMailRequest } from '@postwise/shared/mail-api';
import {
  ITEM_STATUS_BY_REQUEST,
  MAIL_REQUEST_TYPE_LABELS,
  type ForwardQuote,
  forwardQuote,
  requestAllowed,
} from '@postwise/shared/mail';
import type { CreateMailRequestInput } from '@postwise/shared/schemas/mail';
import { and, eq, inArray } from 'drizzle-orm';
import { type MailItemRow, mailItems, mailRequests, senderRules } from '../schema/mail';
import { conflict, validationFailed } from '../../../lib/errors';
import { hashToken } from '../../../lib/tokens';
import { invoiceLine } from '../../billing';
import { paymentFailed } from '../../billing';
import type { MailContext } from './mail-context';
import { payMailRequest } from './mail-payment';
import { type Viewer, itemDimensions, loadVisibleItem, loadVisibleRequest, toRequestDto } from './mail-records';
import { newPasscode, sendPasscode } from './pickup-passcode';
import { holderFees } from './plan-fees';
import { senderKey } from './receive-mail';
import { useScan } from './scans';

export const REQUEST_MESSAGES = {
  notAllowed: (type: string) => `${type} is not possible for this item now.`,
  consolidateInvalid: 'Every item to consolidate must be yours, in your mailbox and not already in a request.',
} as const;

function forwardLines(quote: ForwardQuote, itemCount: number) {
  return [
    invoiceLine('Forwarding postage', quote.postageCents),
    invoiceLine('Handling', quote.handlingCents),
    ...(quote.insuranceCents ? [invoiceLine('Insurance (declared value)', quote.insuranceCents)] : []),
    ...(quote.consolidationCents ? [invoiceLine(`Consolidation of ${itemCount} items`, quote.consolidationCents)] : []),
  ];
}

/**
 * POST mail-items/{id}/requests (the box holder): scan (uses one scan; NO_SCANS_LEFT when none are left),
 * forward (priced from weight and size, insurance by declared value, consolidation per item; paid at once with
 * the default card under the Idempotency-Key, so a retry is neither charged nor recorded twice), pickup (a
 * one-time passcode shown once and e-mailed), shred, junk (optionally "always for this sender").
 */
export async function createMailRequest(
  ctx: MailContext,
  me: Viewer,
  itemId: string,
  input: CreateMailRequestInput,
  idempotencyKey: string | undefined,
): Promise<CreatedMailRequest> {
  const now = ctx.now();
  const { item, store } = await loadVisibleItem(ctx.db, me, itemId);
  const label = MAIL_REQUEST_TYPE_LABELS[input.type];
  const extraIds =
    input.type === 'forward' ? [...new Set(input.consolidateItemIds)].filter((id) => id !== item.id) : [];
  const itemIds = [item.id, ...extraIds];
  const requestKey =
    input.type === 'forward'
      ? `mail-forward:${me.id}:${idempotencyKey ? `key:${idempotencyKey}` : `auto:${itemIds.join(',')}:${Math.floor(now.getTime() / 60_000)}`}`
      : null;

  if (requestKey) {
    // A retried forward (same key) answers the request it already made.
    const [earlier] = await ctx.db
      .select({ id: mailRequests.id })
      .from(mailRequests)
      .where(eq(mailRequests.paymentRequestKey, requestKey));
    if (earlier)
      return { request: toRequestDto(await loadVisibleRequest(ctx.db, me, earlier.id), now), passcode: null };
  }

  const passcode = input.type === 'pickup' ? newPasscode() : null;
  const fee = input.type === 'forward' ? await holderFees(ctx.db, item.userId) : null;

  const outcome = await ctx.db.transaction(async (tx) => {
    const locked: MailItemRow[] = await tx
      .select()
      .from(mailItems)
      .where(and(inArray(mailItems.id, itemIds), eq(mailItems.userId, item.userId)))
      .for('update');
    const primary = locked.find((i) => i.id === item.id);
    if (!primary || !requestAllowed(primary.kind, primary.status, input.type) || primary.folder === 'trash') {
      throw conflict(REQUEST_MESSAGES.notAllowed(label));
    }
    const others = locked.filter((i) => i.id !== item.id);
    if (
      others.length !== extraIds.length ||
      others.some((i) => i.mailboxId !== item.mailboxId || !requestAllowed(i.kind, i.status, 'forward') || i.purgedAt)
    ) {
      throw validationFailed(REQUEST_MESSAGES.consolidateInvalid, {
        consolidateItemIds: REQUEST_MESSAGES.consolidateInvalid,
      });
    }

    let estimate: ForwardQuote | null = null;
    let invoiceId: string | null = null;
    if (input.type === 'scan') await useScan(tx, me.id, now);
    if (input.type === 'junk' && input.alwaysForSender) {
      await tx
        .insert(senderRules)
        .values({
          mailboxId: item.mailboxId,
          senderKey: senderKey(item.sender),
          createdByUserId: me.id,
          createdAt: now,
        })
        .onConflictDoNothing();
    }
    if (input.type === 'forward' && fee && requestKey) {
      estimate = forwardQuote(
        locked.map((i) => ({
          kind: i.kind,
          weightLb: i.weightLb,
          dimensions: itemDimensions(i),
        })),
        input.declaredValueCents,
        fee,
      );
      const paid = await payMailRequest(tx, ctx.payments, {
        userId: me.id,
        issuerUserId: store.ownerUserId,
        requestKey,
        description: `Forward of ${itemIds.length === 1 ? `item M-${item.number}` : `${itemIds.length} items`}`,
        lines: forwardLines(estimate, itemIds.length),
        now,
      });
      if (paid.status === 'failed') return { kind: 'failed' as const, code: paid.code, message: paid.message };
      invoiceId = paid.invoiceId;
    }

    const [row] = await tx
      .insert(mailRequests)
      .values({
        mailItemId: item.id,
        itemIds,
        mailboxId: item.mailboxId,
        userId: item.userId,
        storeId: item.storeId,
        type: input.type,
        status: 'requested',
        address: input.type === 'forward' ? input.address : null,
        declaredValueCents: input.type === 'forward' ? input.declaredValueCents : 0,
        estimate,
        paidCents: estimate?.totalCents ?? 0,
        passcodeHash: passcode ? hashToken(passcode) : null,
        invoiceId,
        paymentRequestKey: requestKey,
        note: 'note' in input ? (input.note ?? null) : null,
        events: [{ at: now.toISOString(), status: 'requested', byUserId: me.id }],
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: mailRequests.id });
    await tx
      .update(mailItems)
      .set({ status: ITEM_STATUS_BY_REQUEST[input.type].open, openRequestId: row!.id, updatedAt: now })
      .where(inArray(mailItems.id, itemIds));
    return { kind: 'created' as const, id: row!.id };
  });

  if (outcome.kind === 'failed') throw paymentFailed(outcome.code, outcome.message);
  const request = toRequestDto(await loadVisibleRequest(ctx.db, me, outcome.id), now);
  if (passcode) await sendPasscode(ctx, me.id, item, store, passcode);
  return { request, passcode };
}

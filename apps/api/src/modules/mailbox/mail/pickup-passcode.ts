import { type Actor, users } from '../../identity';
import { randomInt, timingSafeEqual } from 'node:crypto';
import type { CreatedMailRequest } from '@postwise/shared/mail-api';
import { MAIL_MESSAGES } from '@postwise/shared/schemas/mail';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type MailItemRow, mailRequests } from '../schema/mail';
import { stores } from '../schema/stores';
import { mailNotificationEmail } from '../../../integrations/mailer/templates';
import { AppError, conflict, HTTP_STATUS_BY_CODE } from '../../../lib/errors';
import { hashToken } from '../../../lib/tokens';
import { notify } from '../../platform';
import type { MailContext } from './mail-context';
import { loadVisibleRequest, toRequestDto } from './mail-records';

/** Wrong passcodes a pickup takes before it locks (a 6-digit code is otherwise guessed in minutes). */
export const PICKUP_PASSCODE_MAX_FAILURES = 5;

/** A new 6-digit pickup passcode (leading zeros kept); only its hash is stored. */
export function newPasscode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function pickupLocked(): AppError {
  return new AppError(HTTP_STATUS_BY_CODE.PICKUP_LOCKED, 'PICKUP_LOCKED', MAIL_MESSAGES.passcodeLocked, {
    passcode: MAIL_MESSAGES.passcodeLocked,
  });
}

export type PasscodeTry = 'right' | 'wrong' | 'locked' | 'locked-now' | 'closed';

function sameHash(a: string | null, b: string): boolean {
  if (!a) return false;
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Tries a passcode on an open pickup. Each try first claims one of the PICKUP_PASSCODE_MAX_FAILURES tries in one
 * conditional UPDATE, so parallel guesses cannot exceed the limit; the try that uses the last one wrongly locks
 * the pickup ('locked-now', exactly once). A right passcode gives its try back.
 */
export async function tryPasscode(db: Db, requestId: string, passcode: string, now: Date): Promise<PasscodeTry> {
  const [claimed] = await db
    .update(mailRequests)
    .set({ passcodeFailures: sql`${mailRequests.passcodeFailures} + 1` })
    .where(
      and(
        eq(mailRequests.id, requestId),
        isNull(mailRequests.passcodeLockedAt),
        lt(mailRequests.passcodeFailures, PICKUP_PASSCODE_MAX_FAILURES),
        inArray(mailRequests.status, ['requested', 'in_progress']),
      ),
    )
    .returning({ hash: mailRequests.passcodeHash, failures: mailRequests.passcodeFailures });
  if (!claimed) {
    const [row] = await db
      .select({ lockedAt: mailRequests.passcodeLockedAt, failures: mailRequests.passcodeFailures })
      .from(mailRequests)
      .where(eq(mailRequests.id, requestId));
    return row && (row.lockedAt || row.failures >= PICKUP_PASSCODE_MAX_FAILURES) ? 'locked' : 'closed';
  }
  if (sameHash(claimed.hash, hashToken(passcode))) {
    await db
      .update(mailRequests)
      .set({ passcodeFailures: sql`greatest(${mailRequests.passcodeFailures} - 1, 0)` })
      .where(eq(mailRequests.id, requestId));
    return 'right';
  }
  if (claimed.failures < PICKUP_PASSCODE_MAX_FAILURES) return 'wrong';
  const [locked] = await db
    .update(mailRequests)
    .set({ passcodeLockedAt: now, updatedAt: now })
    .where(and(eq(mailRequests.id, requestId), isNull(mailRequests.passcodeLockedAt)))
    .returning({ id: mailRequests.id });
  return locked ? 'locked-now' : 'locked';
}

/** Tells the customer their pickup locked (in the app and by e-mail, whatever their preferences). */
export async function notifyPickupLocked(
  ctx: MailContext,
  request: { userId: string; mailItemId: string },
  item: { number: number; sender: string },
  now: Date,
): Promise<void> {
  await notify(
    ctx,
    {
      userId: request.userId,
      kind: 'pickup_locked',
      title: 'Pickup locked: wrong passcodes',
      body: `Someone entered ${PICKUP_PASSCODE_MAX_FAILURES} wrong passcodes for M-${item.number} from ${item.sender} at the counter. No passcode works for it until you issue a new one from your inbox.`,
      link: `/inbox?item=${request.mailItemId}`,
      mailItemId: request.mailItemId,
      email: { actionLabel: 'Issue a new passcode' },
    },
    now,
  );
}

/**
 * Queues the pickup passcode's e-mail to the box holder (in the caller's transaction when `ctx.db` is one); one
 * e-mail per passcode (`key`), so a retried write never sends it twice.
 */
export async function sendPasscode(
  ctx: MailContext,
  userId: string,
  item: Pick<MailItemRow, 'id' | 'number' | 'sender'>,
  store: { name: string; address1: string; city: string },
  passcode: string,
  key: string,
) {
  const [holder] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!holder) return;
  await ctx.emails.send(
    mailNotificationEmail(holder.email, {
      subject: 'Your pickup passcode',
      heading: 'Your mail is held for pickup',
      paragraphs: [
        `Item M-${item.number} from ${item.sender} is held for you at ${store.name}, ${store.address1}, ${store.city}.`,
        'Show this one-time passcode at the counter. The authorized individual on your mailbox may collect it without the passcode after an ID check.',
      ],
      code: passcode,
      actionLabel: 'Open your inbox',
      actionUrl: `${ctx.publicUrl}/inbox?item=${item.id}`,
    }),
    { db: ctx.db, key: `pickup-passcode:${key}` },
  );
}

/**
 * POST mail-requests/{id}/passcode (the customer): a new one-time passcode for an open pickup, shown once and
 * e-mailed. The old one stops working, and a pickup locked by wrong passcodes opens again.
 */
export async function reissuePasscode(ctx: MailContext, me: Actor, id: string): Promise<CreatedMailRequest> {
  const visible = await loadVisibleRequest(ctx.db, me, id);
  if (visible.request.type !== 'pickup') throw conflict('Only a pickup has a passcode.');
  const now = ctx.now();
  const passcode = newPasscode();
  const [updated] = await ctx.db
    .update(mailRequests)
    .set({ passcodeHash: hashToken(passcode), passcodeFailures: 0, passcodeLockedAt: null, updatedAt: now })
    .where(and(eq(mailRequests.id, id), inArray(mailRequests.status, ['requested', 'in_progress'])))
    .returning({ id: mailRequests.id });
  if (!updated) throw conflict('This pickup is already completed or cancelled.');
  const request = toRequestDto(await loadVisibleRequest(ctx.db, me, id), now);
  const [store] = await ctx.db
    .select({ name: stores.name, address1: stores.address1, city: stores.city })
    .from(stores)
    .where(eq(stores.id, visible.request.storeId));
  if (store) await sendPasscode(ctx, visible.request.userId, visible.item, store, passcode, `${id}:${now.getTime()}`);
  return { request, passcode };
}

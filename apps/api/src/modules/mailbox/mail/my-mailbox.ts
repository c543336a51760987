import type { MyMailbox } from '@postwise/shared/mail-api';
import { MAIL_RULES, addDays, formatMailboxAddress, mailboxDisplayStatus } from '@postwise/shared/mail';
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { mailItems } from '../schema/mail';
import { mailboxes } from '../schema/mailboxes';
import { scanBalances, subscriptions } from '../../billing';
import { users } from '../../identity';
import { notFound } from '../../../lib/errors';
import { findOwnMailbox, mailboxPmb, onHandSql } from './mail-records';

export const NO_MAILBOX_MESSAGE = 'You have no mailbox yet: it opens when your application is approved.';

/** GET mailboxes/my (the box holder): address, scans left, new items and items about to incur fees. */
export async function getMyMailbox(db: Db, userId: string, now: Date): Promise<MyMailbox> {
  const own = await findOwnMailbox(db, userId);
  if (!own) throw notFound(NO_MAILBOX_MESSAGE);
  const { mailbox, store } = own;
  const [holder] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId));
  const [sub] = await db
    .select({ n: subscriptions.scansRemaining })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  const [topup] = await db
    .select({ n: scanBalances.topupScans })
    .from(scanBalances)
    .where(eq(scanBalances.userId, userId));
  const atStore = and(
    eq(mailItems.mailboxId, mailbox.id),
    isNull(mailItems.storageEndedAt),
    isNull(mailItems.purgedAt),
  );
  const [newItems, soon, fees] = await Promise.all([
    db.$count(mailItems, and(atStore, eq(mailItems.folder, 'inbox'), eq(mailItems.status, 'received'))),
    db.$count(
      mailItems,
      and(
        atStore,
        // The same items the "fees start soon" notice names: on hand, nobody acting on them.
        isNull(mailItems.openRequestId),
        gt(mailItems.storageDailyFeeCents, 0),
        gt(mailItems.freeUntil, now),
        lte(mailItems.freeUntil, addDays(now, MAIL_RULES.feeWarningDays)),
      ),
    ),
    db
      .select({ cents: onHandSql(now).feesAccruedCents })
      .from(mailboxes)
      .where(eq(mailboxes.id, mailbox.id)),
  ]);
  return {
    id: mailbox.id,
    pmb: mailboxPmb(store, mailbox),
    pmbNumber: mailbox.pmbNumber,
    status: mailboxDisplayStatus(mailbox.status, mailbox.closedAt, now),
    names: mailbox.names,
    address: formatMailboxAddress({
      name: mailbox.names[0] || holder?.fullName || '',
      store,
      pmbPrefix: store.pmbPrefix,
      pmbNumber: mailbox.pmbNumber,
    }),
    store: { id: store.id, name: store.name, phone: store.phone, hours: store.hours },
    scansRemaining: sub?.n ?? 0,
    topupScans: topup?.n ?? 0,
    newItems,
    itemsAboutToIncurFees: soon,
    feesAccruedCents: fees[0]?.cents ?? 0,
  };
}

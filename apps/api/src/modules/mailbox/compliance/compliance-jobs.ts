import { ID_EXPIRY_ALERT_DAYS, certificationDay, quarterOf } from '@postwise/shared/compliance';
import { addDays, pmbDesignation } from '@postwise/shared/mail';
import { and, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { users } from '../../identity';
import { mailNotificationEmail } from '../../../integrations/mailer/templates';
import { certificationReminders, complianceIds } from '../schema/compliance';
import { mailboxes } from '../schema/mailboxes';
import { stores } from '../schema/stores';
import type { MailContext } from '../mail/mail-context';

const ID_KIND_LABELS = { photo: 'photo ID', address: 'address ID' } as const;

/**
 * From Jan/Apr/Jul/Oct 15 on, each operator with a store is reminded once that quarter to certify their CRD
 * with the Postal Service (a runner down on the 15th catches up on its next run within the quarter).
 */
export async function sendCertificationReminders(ctx: MailContext, now: Date): Promise<number> {
  if (now < certificationDay(now)) return 0;
  const quarter = quarterOf(now);
  const link = `${ctx.publicUrl}/mailbox/compliance`;
  return ctx.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(certificationReminders)
      .select(
        tx
          .selectDistinct({
            ownerUserId: stores.ownerUserId,
            quarter: sql<string>`${quarter}`.as('quarter'),
            sentAt: sql<Date>`${now.toISOString()}::timestamptz`.as('sent_at'),
          })
          .from(stores),
      )
      .onConflictDoNothing()
      .returning({ ownerUserId: certificationReminders.ownerUserId });
    if (!claimed.length) return 0;
    const owners = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        inArray(
          users.id,
          claimed.map((c) => c.ownerUserId),
        ),
      );
    for (const owner of owners) {
      await ctx.emails.send(
        mailNotificationEmail(owner.email, {
          subject: `Quarterly CMRA certification due (${quarter})`,
          heading: 'Certify your customer registrations',
          paragraphs: [
            `The Postal Service asks every CMRA to certify its customer registration data each quarter. ${quarter} is due now.`,
            'Download the CRD export of each store, check it against your Forms 1583 and file it, with the closed-box report of the quarter.',
          ],
          actionLabel: 'Open Compliance',
          actionUrl: link,
        }),
        { db: tx, key: `crd-certification:${quarter}:${owner.id}` },
      );
    }
    return owners.length;
  });
}

/**
 * IDs that expire within 30 days, on boxes still open: claimed once each (expiry_alerted_at), then the customer
 * and the store's operator are e-mailed in the claim's transaction, so each ID is told once.
 */
export async function sendIdExpiryAlerts(ctx: MailContext, now: Date): Promise<number> {
  const horizon = addDays(now, ID_EXPIRY_ALERT_DAYS).toISOString().slice(0, 10);
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: complianceIds.id })
      .from(complianceIds)
      .innerJoin(mailboxes, eq(mailboxes.userId, complianceIds.userId))
      .where(
        and(
          isNull(complianceIds.expiryAlertedAt),
          isNotNull(complianceIds.expiresOn),
          lte(complianceIds.expiresOn, horizon),
          eq(mailboxes.status, 'active'),
        ),
      )
      .for('update', { of: complianceIds, skipLocked: true });
    if (!due.length) return 0;
    const claimed = await tx
      .update(complianceIds)
      .set({ expiryAlertedAt: now })
      .where(
        and(
          inArray(
            complianceIds.id,
            due.map((d) => d.id),
          ),
          isNull(complianceIds.expiryAlertedAt),
        ),
      )
      .returning();
    for (const id of claimed) {
      const [box] = await tx
        .select({ holder: users, mailbox: mailboxes, store: stores })
        .from(mailboxes)
        .innerJoin(stores, eq(stores.id, mailboxes.storeId))
        .innerJoin(users, eq(users.id, mailboxes.userId))
        .where(eq(mailboxes.userId, id.userId));
      if (!box) continue;
      const [operator] = await tx.select({ email: users.email }).from(users).where(eq(users.id, box.store.ownerUserId));
      const pmb = pmbDesignation(box.store.pmbPrefix, box.mailbox.pmbNumber);
      const what = `${id.personName}'s ${ID_KIND_LABELS[id.kind]} (${id.idType})`;
      await ctx.emails.send(
        mailNotificationEmail(box.holder.email, {
          subject: 'An ID on your mailbox expires soon',
          heading: 'Update your ID',
          paragraphs: [
            `${what} on your mailbox ${pmb} expires on ${id.expiresOn}.`,
            'The Postal Service requires valid IDs for everyone receiving mail at your box: bring or show the renewed ID to your store.',
          ],
          actionLabel: 'Open your mailbox',
          actionUrl: `${ctx.publicUrl}/inbox`,
        }),
        { db: tx, key: `id-expiry:${id.id}:${id.expiresOn}:customer` },
      );
      if (operator) {
        await ctx.emails.send(
          mailNotificationEmail(operator.email, {
            subject: `ID expiring at ${box.store.name}: ${pmb}`,
            heading: 'A customer ID expires soon',
            paragraphs: [
              `${what} on box ${pmb} (${box.holder.fullName}) at ${box.store.name} expires on ${id.expiresOn}.`,
              'Record the renewed ID to keep the customer registration data current.',
            ],
            actionLabel: 'Open Compliance',
            actionUrl: `${ctx.publicUrl}/mailbox/compliance`,
          }),
          { db: tx, key: `id-expiry:${id.id}:${id.expiresOn}:operator` },
        );
      }
    }
    return claimed.length;
  });
}

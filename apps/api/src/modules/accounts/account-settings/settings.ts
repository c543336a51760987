import {
  ACCOUNT_SETTINGS_MESSAGES,
  type AccountSettings,
  type CloseAccountInput,
  effectivePreferences,
  type NotificationPreferencesInput,
} from '@postwise/shared/account-settings';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { formatCents } from '@postwise/shared/plans';
import type { FastifyInstance } from 'fastify';
import { strToU8, zipSync } from 'fflate';
import type { Db } from '../../../db/client';
import { documents, profiles, users, revokeUserSessions, findUserById, type Actor, audit } from '../../identity';
import { invoices, subscriptions, countPendingInvoices, applyTransition } from '../../billing';
import { mailItems, mailboxes } from '../../mailbox';
import { notifications } from '../../platform';
import { addresses, getDefaultAddress } from '../../shipping';
import { notFound, validationFailed } from '../../../lib/errors';
import { verifyPassword } from '../../../lib/password';
import { accountClosedEmail } from '../../../integrations/mailer/templates';
import { extensionOf } from '../../../integrations/storage/upload-check';

/** GET account-settings: notification preferences (default all on), the default sender, whether closed. */
export async function getAccountSettings(db: Db, userId: string): Promise<AccountSettings> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound();
  const [sender, openInvoices] = await Promise.all([getDefaultAddress(db, userId), countPendingInvoices(db, userId)]);
  return {
    notificationPreferences: effectivePreferences(user.notificationPreferences),
    defaultSenderAddress: sender
      ? {
          id: sender.id,
          name: sender.name,
          line1: sender.line1,
          city: sender.city,
          state: sender.state,
          zipCode: sender.zipCode,
        }
      : null,
    closedAt: user.closedAt?.toISOString() ?? null,
    openInvoices,
  };
}

/** PUT account-settings/notifications: stores the caller's choice; notify() reads it for every event. */
export async function updateNotificationPreferences(
  app: FastifyInstance,
  actor: Actor,
  userId: string,
  preferences: NotificationPreferencesInput,
): Promise<AccountSettings> {
  await app.db.transaction(async (tx) => {
    const [stored] = await tx
      .select({ preferences: users.notificationPreferences })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    // A client that sends no push choices (written before push existed) keeps the stored ones.
    const push = preferences.push ?? effectivePreferences(stored?.preferences).push;
    await tx
      .update(users)
      .set({ notificationPreferences: { ...preferences, push }, updatedAt: app.config.now() })
      .where(eq(users.id, userId));
    await audit(tx, actor, 'account.notifications.update', { type: 'user', id: userId });
  });
  return getAccountSettings(app.db, userId);
}

/**
 * GET account-settings/export: everything the product keeps about the caller as account.json, with the
 * uploaded IDs and the mail scans as files, in one zip. Secrets (password hash) stay out.
 */
export async function exportAccount(app: FastifyInstance, userId: string): Promise<Uint8Array> {
  const db = app.db;
  const user = await findUserById(db, userId);
  if (!user) throw notFound();
  const [profile, box, docs, mail, notes, saved, subscription, bills] = await Promise.all([
    db.select().from(profiles).where(eq(profiles.userId, userId)),
    db.select().from(mailboxes).where(eq(mailboxes.userId, userId)),
    db.select().from(documents).where(eq(documents.userId, userId)).orderBy(desc(documents.createdAt)),
    db.select().from(mailItems).where(eq(mailItems.userId, userId)).orderBy(desc(mailItems.receivedAt)),
    db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt)),
    db.select().from(addresses).where(eq(addresses.userId, userId)),
    db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
    db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(desc(invoices.createdAt)),
  ]);
  const files: Record<string, Uint8Array> = {};
  const add = async (path: string, key: string | null) => {
    if (!key) return null;
    const file = await app.storage.get(key);
    if (!file) return null;
    const name = `${path}.${extensionOf(file.contentType)}`;
    files[name] = new Uint8Array(file.body);
    return name;
  };
  const documentEntries = [];
  for (const d of docs) {
    const { storageKey, ...rest } = d;
    documentEntries.push({ ...rest, file: await add(`documents/${d.kind}-${d.id}`, storageKey) });
  }
  const mailEntries = [];
  for (const m of mail) {
    const { photoKeys, contentScanKey, ...rest } = m;
    const photos = [];
    for (const [i, key] of photoKeys.entries()) photos.push(await add(`scans/${m.number}-photo-${i + 1}`, key));
    mailEntries.push({ ...rest, photos, contentScan: await add(`scans/${m.number}-contents`, contentScanKey) });
  }
  const { passwordHash: _secret, ...account } = user;
  const data = {
    exportedAt: app.config.now().toISOString(),
    account,
    profile: profile[0] ?? null,
    mailbox: box[0] ?? null,
    documents: documentEntries,
    mailItems: mailEntries,
    notifications: notes,
    addresses: saved,
    subscription: subscription[0] ?? null,
    invoices: bills,
  };
  files['account.json'] = strToU8(JSON.stringify(data, null, 2));
  return zipSync(files, { level: 6 });
}

/** Days a final invoice gives after the account closes (spec 9: payment due within 14 days). */
const FINAL_INVOICE_DUE_DAYS = 14;

/**
 * POST account-settings/close: with the right password, in one transaction: the account is closed (it can no
 * longer sign in), its mailbox closed (mail is returned to sender from now on), its subscription cancelled,
 * every session ended, and an audit row written. The month's open ship-now-pay-later invoice becomes the final
 * invoice: its period ends at the close and it is due 14 days later (nothing more can be added to it). After the
 * commit, an e-mail confirms the close and lists every invoice still due. Closing a closed account answers the same.
 */
export async function closeAccount(
  app: FastifyInstance,
  actor: Actor,
  userId: string,
  input: CloseAccountInput,
): Promise<{ closedAt: string }> {
  const user = await findUserById(app.db, userId);
  if (!user) throw notFound();
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw validationFailed(ACCOUNT_SETTINGS_MESSAGES.wrongPassword, {
      password: ACCOUNT_SETTINGS_MESSAGES.wrongPassword,
    });
  }
  const now = app.config.now();
  const closedAt = await app.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
    if (locked?.closedAt) return locked.closedAt;
    await tx.update(users).set({ closedAt: now, status: 'inactive', updatedAt: now }).where(eq(users.id, userId));
    await tx.update(mailboxes).set({ status: 'closed', closedAt: now }).where(eq(mailboxes.userId, userId));
    const [subscription] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .for('update')
      .limit(1);
    if (subscription && (subscription.status === 'active' || subscription.status === 'expired')) {
      await applyTransition(tx, subscription, { type: 'cancel', at: now });
    }
    await tx
      .update(invoices)
      .set({
        periodEnd: now,
        dueAt: new Date(now.getTime() + FINAL_INVOICE_DUE_DAYS * 86_400_000),
        updatedAt: now,
      })
      .where(
        and(
          eq(invoices.userId, userId),
          eq(invoices.category, 'shipment'),
          eq(invoices.status, 'open'),
          gt(invoices.periodEnd, now),
        ),
      );
    await revokeUserSessions(tx, userId, now);
    await audit(tx, actor, 'account.close', { type: 'user', id: userId });
    return now;
  });
  if (closedAt === now) {
    const due = await app.db
      .select({ number: invoices.number, totalCents: invoices.totalCents, dueAt: invoices.dueAt })
      .from(invoices)
      .where(and(eq(invoices.userId, userId), eq(invoices.status, 'open')))
      .orderBy(asc(invoices.dueAt));
    try {
      await app.emails.send(
        accountClosedEmail(user.email, {
          name: user.fullName,
          invoicesDue: due.map((i) => ({
            number: i.number,
            amount: formatCents(i.totalCents, { alwaysDecimals: true }),
            dueOn: i.dueAt ? i.dueAt.toISOString().slice(0, 10) : null,
          })),
          supportEmail: app.config.mail.supportEmail,
        }),
        { key: `account-closed:${userId}` },
      );
    } catch (err) {
      // The account is closed either way; the confirmation is a courtesy.
      app.log.error({ err }, 'account closed e-mail not queued');
    }
  }
  return { closedAt: closedAt.toISOString() };
}

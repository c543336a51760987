import type { LetterDirection, MailSender } from '@postwise/shared/compliance';
import { formatMailboxAddress } from '@postwise/shared/mail';
import type { ApiPage } from '@postwise/shared/api-types';
import type { PageQuery } from '@postwise/shared/schemas/paging';
import { and, desc, eq, max, sql } from 'drizzle-orm';
import { paged } from '../../../db/paging';
import { prefixPattern } from '../../../db/prefix-search';
import PDFDocument from 'pdfkit';
import type { Db } from '../../../db/client';
import { type Actor, users } from '../../identity';
import { notFound } from '../../../lib/errors';
import { mailItems } from '../schema/mail';
import { findOwnMailbox, loadOperatorMailbox } from '../mail/mail-records';
import { NO_MAILBOX_MESSAGE } from '../mail/my-mailbox';
import { personName } from './form-1583-records';

/**
 * Who writes to the customer, a page at a time: the senders logged at intake on their box, with how many items
 * each sent and when the last one came, most recent first (case and spacing as typed are grouped together).
 */
export async function listMailSenders(db: Db, userId: string, page: PageQuery): Promise<ApiPage<MailSender>> {
  const own = await findOwnMailbox(db, userId);
  if (!own) throw notFound(NO_MAILBOX_MESSAGE);
  return boxSenders(db, own.mailbox.id, page);
}

/**
 * GET mailboxes/{id}/senders (the store's operators): the same list for the intake form, narrowed to senders
 * starting with `search` as the operator types.
 */
export async function listBoxSenders(
  db: Db,
  me: Actor,
  mailboxId: string,
  query: PageQuery & { search?: string | undefined },
): Promise<ApiPage<MailSender>> {
  await loadOperatorMailbox(db, me, mailboxId);
  return boxSenders(db, mailboxId, query, query.search);
}

/** One box's senders, grouped in SQL on the (mailbox, sender) index; the page is cut there too. */
export async function boxSenders(
  db: Db,
  mailboxId: string,
  page: PageQuery,
  search?: string,
): Promise<ApiPage<MailSender>> {
  const key = sql`lower(trim(${mailItems.sender}))`;
  const lastSeen = max(mailItems.receivedAt);
  const inBox = and(
    eq(mailItems.mailboxId, mailboxId),
    sql`trim(${mailItems.sender}) <> ''`,
    search?.trim() ? sql`lower(${mailItems.sender}) like ${prefixPattern(search.trim())}` : undefined,
  );
  return paged({
    page,
    rows: (limit, offset) =>
      db
        .select({
          sender: sql<string>`(array_agg(trim(${mailItems.sender}) order by ${mailItems.receivedAt} desc))[1]`,
          count: sql<number>`count(*)::int`,
          lastSeen,
        })
        .from(mailItems)
        .where(inBox)
        .groupBy(key)
        .orderBy(desc(lastSeen), key)
        .limit(limit)
        .offset(offset),
    count: async () => {
      const [row] = await db
        .select({ n: sql<number>`count(distinct ${key})::int` })
        .from(mailItems)
        .where(inBox);
      return Number(row?.n ?? 0);
    },
    map: (r): MailSender => ({
      sender: r.sender,
      count: Number(r.count),
      lastSeen: new Date(r.lastSeen!).toISOString(),
    }),
  });
}

/**
 * A change-of-address letter to one sender: "in" when joining (from the home address to the PMB address), "out"
 * when closing (from the PMB address back to the home address). Drawn with pdfkit like the invoices.
 */
export async function senderLetterPdf(
  db: Db,
  userId: string,
  sender: string,
  direction: LetterDirection,
  now: Date,
): Promise<Buffer> {
  const own = await findOwnMailbox(db, userId);
  if (!own) throw notFound(NO_MAILBOX_MESSAGE);
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  const name = own.mailbox.names[0] || user.fullName || personName(user.personal);
  const p = user.personal;
  const home = [
    name,
    [p.address1, p.address2].filter(Boolean).join(' '),
    [p.city, p.state, p.zip].filter(Boolean).join(' '),
  ].filter((l) => l && l.trim());
  const box = formatMailboxAddress({
    name,
    store: own.store,
    pmbPrefix: own.store.pmbPrefix,
    pmbNumber: own.mailbox.pmbNumber,
  }).lines;
  const [oldAddress, newAddress] = direction === 'in' ? [home, box] : [box, home];

  const doc = new PDFDocument({ size: 'LETTER', margin: 72, compress: false, info: { Title: 'Change of address' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Helvetica').fontSize(11);
  // The letterhead is where replies should go: the new address.
  for (const line of newAddress) doc.text(line);
  doc.moveDown();
  doc.text(now.toISOString().slice(0, 10));
  doc.moveDown();
  doc.text(sender);
  doc.moveDown(2);
  doc.font('Helvetica-Bold').text('Change of address');
  doc.font('Helvetica').moveDown();
  doc.text('To whom it may concern,');
  doc.moveDown();
  doc.text(
    `Please update the mailing address you hold for me. From today, send all mail for ${name} to my new address.`,
  );
  doc.moveDown();
  doc.font('Helvetica-Bold').text('Old address');
  doc.font('Helvetica');
  for (const line of oldAddress) doc.text(line);
  doc.moveDown();
  doc.font('Helvetica-Bold').text('New address');
  doc.font('Helvetica');
  for (const line of newAddress) doc.text(line);
  doc.moveDown(2);
  doc.text('Thank you,');
  doc.moveDown(2);
  doc.text(name);
  doc.end();
  return done;
}

import {
  type ClosedBox,
  type ExpiringId,
  ID_EXPIRY_ALERT_DAYS,
  WITNESS_METHOD_LABELS,
  quarterOf,
  quarterRange,
} from '@postwise/shared/compliance';
import { OPEN_REQUEST_STATUSES, addDays, formatMailboxAddress, mailboxDisplayStatus } from '@postwise/shared/mail';
import { and, asc, eq, gte, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type Actor, users } from '../../identity';
import { type CsvCell, toCsv } from '../../../lib/csv';
import { complianceIds, form1583Witnesses } from '../schema/compliance';
import { mailItems, mailRequests } from '../schema/mail';
import { mailboxes } from '../schema/mailboxes';
import { stores } from '../schema/stores';
import { loadStore } from '../stores/service';
import { mailboxPmb } from '../mail/mail-records';
import { personName } from './form-1583-records';

const day = (d: Date | null | undefined) => (d ? d.toISOString().slice(0, 10) : '');

function homeAddress(p: { address1?: string; address2?: string; city?: string; state?: string; zip?: string } | null) {
  if (!p) return '';
  return [p.address1, p.address2, [p.city, p.state, p.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

export const CRD_HEADER = [
  'PMB',
  'Box status',
  'Date opened',
  'Date closed',
  'Box type',
  'Business name',
  'Person',
  'Name',
  'Delivery address',
  'Home address',
  'Photo ID type',
  'Photo ID number',
  'Photo ID issuing authority',
  'Photo ID expiry',
  'Address ID type',
  'Address ID number',
  'Address ID issuing authority',
  'Address ID expiry',
  'Witnessed by',
  'Witness method',
  'Witness date',
] as const;

/**
 * The customer registration data USPS asks a CMRA for, one line per person on each box of the store (the
 * applicant, then the authorized individual), boxes in PMB order, closed ones included with their closing date.
 * A store the caller does not operate answers 403 (404 when there is none), through the stores' one rule.
 */
export async function crdExport(db: Db, actor: Actor, storeId: string, now: Date): Promise<string> {
  await loadStore(db, actor, storeId);
  const rows = await db
    .select({ mailbox: mailboxes, store: stores, user: users, witness: form1583Witnesses })
    .from(mailboxes)
    .innerJoin(stores, eq(stores.id, mailboxes.storeId))
    .innerJoin(users, eq(users.id, mailboxes.userId))
    .leftJoin(form1583Witnesses, eq(form1583Witnesses.userId, mailboxes.userId))
    .where(eq(mailboxes.storeId, storeId))
    .orderBy(asc(mailboxes.pmbNumber));
  const ids = rows.length
    ? await db
        .select()
        .from(complianceIds)
        .where(
          inArray(
            complianceIds.userId,
            rows.map((r) => r.user.id),
          ),
        )
    : [];
  const idOf = (userId: string, person: string, kind: string) =>
    ids.find((i) => i.userId === userId && i.person === person && i.kind === kind);
  const out: CsvCell[][] = [[...CRD_HEADER]];
  for (const { mailbox, store, user, witness } of rows) {
    const delivery = formatMailboxAddress({
      name: '',
      store,
      pmbPrefix: store.pmbPrefix,
      pmbNumber: mailbox.pmbNumber,
    })
      .lines.filter(Boolean)
      .join(', ');
    const people = [
      { person: 'applicant', label: 'Applicant', name: user.fullName, home: homeAddress(user.personal) },
      ...(user.authorizedIndividual && personName(user.authorizedIndividual)
        ? [
            {
              person: 'authorized',
              label: 'Authorized individual',
              name: personName(user.authorizedIndividual),
              home: homeAddress(user.authorizedIndividual),
            },
          ]
        : []),
    ];
    for (const p of people) {
      const photo = idOf(user.id, p.person, 'photo');
      const address = idOf(user.id, p.person, 'address');
      out.push([
        mailboxPmb(store, mailbox),
        mailboxDisplayStatus(mailbox.status, mailbox.closedAt, now),
        day(mailbox.openedAt),
        day(mailbox.closedAt),
        mailbox.mailboxType,
        mailbox.mailboxType === 'business' ? (user.business?.name ?? '') : '',
        p.label,
        p.name,
        delivery,
        p.home,
        photo?.idType,
        photo?.idNumber,
        photo?.issuingAuthority,
        photo?.expiresOn,
        address?.idType,
        address?.idNumber,
        address?.issuingAuthority,
        address?.expiresOn,
        witness?.agentName,
        witness ? WITNESS_METHOD_LABELS[witness.method] : '',
        witness?.witnessedOn,
      ]);
    }
  }
  return toCsv(out);
}

/**
 * The quarter's closed boxes of a store: when each closed, what happens to its mail now (held for the holder in
 * the months after closing, then returned to sender), what is still on hand and which forwards are still open.
 */
export async function closedBoxes(
  db: Db,
  actor: Actor,
  storeId: string,
  quarter: string | undefined,
  now: Date,
): Promise<{ quarter: string; items: ClosedBox[] }> {
  await loadStore(db, actor, storeId);
  const q = quarter ?? quarterOf(now);
  const { start, end } = quarterRange(q);
  const onHand = sql<number>`(select count(*)::int from ${mailItems} where ${mailItems.mailboxId} = ${mailboxes.id}
    and ${mailItems.storageEndedAt} is null and ${mailItems.purgedAt} is null)`;
  const forwardsOpen = sql<number>`(select count(*)::int from ${mailRequests} where ${mailRequests.mailboxId} = ${mailboxes.id}
    and ${mailRequests.type} = 'forward' and ${inArray(mailRequests.status, [...OPEN_REQUEST_STATUSES])})`;
  const rows = await db
    .select({ mailbox: mailboxes, store: stores, holderName: users.fullName, onHand, forwardsOpen })
    .from(mailboxes)
    .innerJoin(stores, eq(stores.id, mailboxes.storeId))
    .innerJoin(users, eq(users.id, mailboxes.userId))
    .where(
      and(
        eq(mailboxes.storeId, storeId),
        eq(mailboxes.status, 'closed'),
        isNotNull(mailboxes.closedAt),
        gte(mailboxes.closedAt, start),
        lt(mailboxes.closedAt, end),
      ),
    )
    .orderBy(asc(mailboxes.closedAt), asc(mailboxes.pmbNumber));
  return {
    quarter: q,
    items: rows.map((r) => ({
      mailboxId: r.mailbox.id,
      pmb: mailboxPmb(r.store, r.mailbox),
      holderName: r.holderName,
      names: r.mailbox.names,
      openedAt: r.mailbox.openedAt.toISOString(),
      closedAt: r.mailbox.closedAt!.toISOString(),
      mailStatus: mailboxDisplayStatus('closed', r.mailbox.closedAt, now) === 'cancelled' ? 'hold' : 'return_to_sender',
      itemsOnHand: Number(r.onHand),
      forwardsOpen: Number(r.forwardsOpen),
    })),
  };
}

/** IDs of the store's boxes that expire within the alert window (or have expired), soonest first. */
export async function expiringIds(db: Db, actor: Actor, storeId: string, now: Date): Promise<ExpiringId[]> {
  await loadStore(db, actor, storeId);
  const rows = await db
    .select({ id: complianceIds, mailbox: mailboxes, store: stores, holderName: users.fullName })
    .from(complianceIds)
    .innerJoin(mailboxes, eq(mailboxes.userId, complianceIds.userId))
    .innerJoin(stores, eq(stores.id, mailboxes.storeId))
    .innerJoin(users, eq(users.id, complianceIds.userId))
    .where(
      and(
        eq(mailboxes.storeId, storeId),
        eq(mailboxes.status, 'active'),
        isNotNull(complianceIds.expiresOn),
        lte(complianceIds.expiresOn, day(addDays(now, ID_EXPIRY_ALERT_DAYS))),
      ),
    )
    .orderBy(asc(complianceIds.expiresOn));
  return rows.map((r) => ({
    id: r.id.id,
    mailboxId: r.mailbox.id,
    pmb: mailboxPmb(r.store, r.mailbox),
    holderName: r.holderName,
    personName: r.id.personName,
    person: r.id.person,
    kind: r.id.kind,
    idType: r.id.idType,
    expiresOn: r.id.expiresOn!,
  }));
}

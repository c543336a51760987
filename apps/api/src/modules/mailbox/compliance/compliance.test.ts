import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../identity/schema/profiles';
import { users } from '../../identity/schema/users';
import { suiteApp } from '../../../test/suite-app';
import { pdfText } from '../../../test/pdf-text';
import { mailContext } from '../mail/mail-context';
import { mailKit } from '../mail/mail-test-kit';
import { complianceIds } from '../schema/compliance';
import { mailboxes } from '../schema/mailboxes';
import { stores } from '../schema/stores';
import { sendCertificationReminders, sendIdExpiryAlerts } from './compliance-jobs';
import { CRD_HEADER } from './service';

let box: { id: string; userId: string; storeId: string };

const SUPER = 'superadmin@example.com';
const SUB = 'subadmin@example.com';
const RESELLER = 'reseller@example.com';
const USER = 'user@example.com';
const AVA = 'ava.nguyen@example.com';
const DAY = 24 * 60 * 60 * 1000;

const IDS = [
  {
    person: 'applicant',
    kind: 'photo',
    idType: 'Passport',
    idNumber: 'X1234567',
    issuingAuthority: 'U.S. Department of State',
    expiresOn: '2031-05-01',
  },
  {
    person: 'applicant',
    kind: 'address',
    idType: 'Current Lease',
    idNumber: 'L-889',
    issuingAuthority: 'Sunset Apartments LLC',
    expiresOn: null,
  },
];
const WITNESS = { method: 'video', witnessedOn: '2026-01-20', agentName: 'Dana Clerk' };

const day = (d: Date) => d.toISOString().slice(0, 10);

const suite = suiteApp(mailKit);
beforeAll(async () => {
  const id = await suite.kit.mailboxOf(AVA);
  const [row] = await suite.t.database.db.select().from(mailboxes).where(eq(mailboxes.id, id));
  box = { id, userId: row!.userId, storeId: row!.storeId };
});

describe('Form 1583 IDs and witness recorded at approval', () => {
  it('no mail is received into a box before its approval; approval records the IDs and the witness', async () => {
    await suite.t.database.db.update(profiles).set({ mailboxStatus: 'pending' }).where(eq(profiles.userId, box.userId));
    const refused = await suite.kit.receive(SUB, box.id, { kind: 'letter', sender: 'IRS' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('MAILBOX_NOT_RECEIVING');

    const duplicate = await suite.kit.as(SUB, 'POST', `applications/${box.userId}/approve`, { ids: [IDS[0], IDS[0]] });
    expect(duplicate.statusCode).toBe(422);
    const badWitness = await suite.kit.as(SUB, 'POST', `applications/${box.userId}/approve`, {
      ids: IDS,
      witness: { method: 'fax', witnessedOn: '2026-01-20' },
    });
    expect(badWitness.statusCode).toBe(422);
    const noNumber = await suite.kit.as(SUB, 'POST', `applications/${box.userId}/approve`, {
      ids: [{ ...IDS[0], idNumber: ' ' }],
    });
    expect(noNumber.statusCode).toBe(422);
    expect(noNumber.json().message).toContain('ID number is required');

    const approved = await suite.kit.as(SUB, 'POST', `applications/${box.userId}/approve`, {
      ids: IDS,
      witness: WITNESS,
    });
    expect(approved.statusCode).toBe(200);
    const detail = (await suite.kit.as(SUB, 'GET', `applications/${box.userId}`)).json().data;
    expect(detail.complianceIds).toEqual([
      expect.objectContaining({ ...IDS[1], personName: expect.any(String) }),
      expect.objectContaining({ ...IDS[0] }),
    ]);
    expect(detail.witness).toEqual({ agentName: 'Dana Clerk', method: 'video', witnessedOn: '2026-01-20' });

    const received = await suite.kit.receive(SUB, box.id, { kind: 'letter', sender: 'IRS' });
    expect(received.statusCode).toBe(200);
  });
});

describe('GET /api/v1/compliance/crd-export.csv', () => {
  it("exports one line per person on each of the store's boxes with their IDs and witness", async () => {
    const res = await suite.kit.as(SUB, 'GET', `compliance/crd-export.csv?storeId=${box.storeId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(CRD_HEADER.join(','));
    const [user] = await suite.t.database.db.select().from(users).where(eq(users.id, box.userId));
    const line = lines.find((l) => l.includes(user!.fullName) && l.includes('X1234567'));
    expect(line).toBeDefined();
    for (const cell of [
      'Passport',
      'U.S. Department of State',
      '2031-05-01',
      'L-889',
      'Dana Clerk',
      'Live video call',
    ]) {
      expect(line).toContain(cell);
    }
  });

  it('answers 401 without a session, 403 to a customer and to an operator of other stores, 404 and 422', async () => {
    const url = `compliance/crd-export.csv?storeId=${box.storeId}`;
    expect((await suite.kit.as(null, 'GET', url)).statusCode).toBe(401);
    expect((await suite.kit.as(USER, 'GET', url)).statusCode).toBe(403);
    expect((await suite.kit.as(RESELLER, 'GET', url)).statusCode).toBe(403);
    expect((await suite.kit.as(SUPER, 'GET', url)).statusCode).toBe(200);
    const unknown = 'compliance/crd-export.csv?storeId=7b1f2c4e-93a4-4c1e-8f5d-2a6b9c0d1e2f';
    expect((await suite.kit.as(SUB, 'GET', unknown)).statusCode).toBe(404);
    expect((await suite.kit.as(SUB, 'GET', 'compliance/crd-export.csv')).statusCode).toBe(422);
  });
});

describe('GET /api/v1/compliance/closed-boxes', () => {
  it("lists the quarter's closed boxes with what happens to their mail", async () => {
    const [other] = await suite.t.database.db
      .select()
      .from(mailboxes)
      .where(eq(mailboxes.storeId, box.storeId))
      .then((rows) => rows.filter((r) => r.id !== box.id && r.status === 'active'));
    expect(other).toBeDefined();
    const closedAt = new Date(suite.t.clock.now().getTime() - DAY);
    await suite.t.database.db.update(mailboxes).set({ status: 'closed', closedAt }).where(eq(mailboxes.id, other!.id));
    const quarter = `${closedAt.getUTCFullYear()}-Q${Math.floor(closedAt.getUTCMonth() / 3) + 1}`;
    const res = await suite.kit.as(SUB, 'GET', `compliance/closed-boxes?storeId=${box.storeId}&quarter=${quarter}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.quarter).toBe(quarter);
    expect(res.json().data.items).toEqual([
      expect.objectContaining({
        mailboxId: other!.id,
        mailStatus: 'hold',
        closedAt: closedAt.toISOString(),
        itemsOnHand: expect.any(Number),
        forwardsOpen: expect.any(Number),
      }),
    ]);
    const earlier = await suite.kit.as(SUB, 'GET', `compliance/closed-boxes?storeId=${box.storeId}&quarter=2001-Q1`);
    expect(earlier.json().data.items).toEqual([]);
    await suite.t.database.db
      .update(mailboxes)
      .set({ status: 'active', closedAt: null })
      .where(eq(mailboxes.id, other!.id));
  });

  it('answers 401, 403 outside the tenancy and 422 for a bad quarter', async () => {
    const url = `compliance/closed-boxes?storeId=${box.storeId}`;
    expect((await suite.kit.as(null, 'GET', url)).statusCode).toBe(401);
    expect((await suite.kit.as(USER, 'GET', url)).statusCode).toBe(403);
    expect((await suite.kit.as(RESELLER, 'GET', url)).statusCode).toBe(403);
    const bad = await suite.kit.as(SUB, 'GET', `${url}&quarter=2026-Q5`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toContain('Quarter is invalid');
  });
});

describe('ID expiry alerts and GET /api/v1/compliance/expiring-ids', () => {
  it('tells the customer and the operator once, 30 days ahead, and lists the ID', async () => {
    const now = suite.t.clock.now();
    const soon = day(new Date(now.getTime() + 20 * DAY));
    await suite.t.database.db
      .update(complianceIds)
      .set({ expiresOn: soon })
      .where(eq(complianceIds.userId, box.userId))
      .then(() =>
        suite.t.database.db
          .update(complianceIds)
          .set({ expiresOn: '2031-05-01' })
          .where(eq(complianceIds.idNumber, 'L-889')),
      );
    const ctx = mailContext(suite.t.app);
    expect(await sendIdExpiryAlerts(ctx, now)).toBe(1);
    expect(await sendIdExpiryAlerts(ctx, now)).toBe(0);
    const outbox = await suite.t.outbox();
    expect(outbox.filter((m) => m.to === AVA && m.subject === 'An ID on your mailbox expires soon')).toHaveLength(1);
    expect(outbox.filter((m) => m.to === SUB && m.subject.startsWith('ID expiring at'))).toHaveLength(1);

    const listed = await suite.kit.as(SUB, 'GET', `compliance/expiring-ids?storeId=${box.storeId}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual([
      expect.objectContaining({ idType: 'Passport', expiresOn: soon, kind: 'photo', person: 'applicant' }),
    ]);
    expect((await suite.kit.as(RESELLER, 'GET', `compliance/expiring-ids?storeId=${box.storeId}`)).statusCode).toBe(
      403,
    );
    expect((await suite.kit.as(null, 'GET', `compliance/expiring-ids?storeId=${box.storeId}`)).statusCode).toBe(401);
    expect((await suite.kit.as(SUB, 'GET', 'compliance/expiring-ids?storeId=nope')).statusCode).toBe(422);
  });
});

describe('PUT /api/v1/applications/:userId/compliance-ids', () => {
  it('records a renewed ID in place of the old one, to be alerted again before its own expiry', async () => {
    const renewed = { ...IDS[0], idNumber: 'X7654321', expiresOn: '2036-05-01' };
    const res = await suite.kit.as(SUB, 'PUT', `applications/${box.userId}/compliance-ids`, { ids: [renewed] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.complianceIds).toContainEqual(expect.objectContaining(renewed));
    const [row] = await suite.t.database.db.select().from(complianceIds).where(eq(complianceIds.idNumber, 'X7654321'));
    expect(row?.expiryAlertedAt).toBeNull();
    expect(await suite.t.database.db.$count(complianceIds, eq(complianceIds.userId, box.userId))).toBe(2);
  });

  it('answers 401, 403 outside the tenancy and 422 without an ID', async () => {
    const url = `applications/${box.userId}/compliance-ids`;
    expect((await suite.kit.as(null, 'PUT', url, { ids: IDS })).statusCode).toBe(401);
    expect((await suite.kit.as(RESELLER, 'PUT', url, { ids: IDS })).statusCode).toBe(403);
    expect((await suite.kit.as(AVA, 'PUT', url, { ids: IDS })).statusCode).toBe(403);
    const empty = await suite.kit.as(SUB, 'PUT', url, { ids: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toContain('Record at least one ID');
  });
});

describe('quarterly certification reminder', () => {
  it('reminds each operator with a store once a quarter, from the 15th of its first month', async () => {
    const ctx = mailContext(suite.t.app);
    expect(await sendCertificationReminders(ctx, new Date('2027-04-14T23:00:00Z'))).toBe(0);
    const owners = new Set((await suite.t.database.db.select({ o: stores.ownerUserId }).from(stores)).map((r) => r.o));
    expect(await sendCertificationReminders(ctx, new Date('2027-04-15T08:00:00Z'))).toBe(owners.size);
    expect(await sendCertificationReminders(ctx, new Date('2027-05-02T08:00:00Z'))).toBe(0);
    const reminders = (await suite.t.outbox()).filter(
      (m) => m.subject === 'Quarterly CMRA certification due (2027-Q2)',
    );
    expect(reminders.map((m) => m.to)).toContain(SUB);
    expect(reminders).toHaveLength(owners.size);
    expect(await sendCertificationReminders(ctx, new Date('2027-07-15T08:00:00Z'))).toBe(owners.size);
  });
});

describe('change-of-address kit', () => {
  it('GET mail-senders lists who writes to the customer with count and last seen', async () => {
    await suite.kit.receive(SUB, box.id, { kind: 'letter', sender: 'Chase Bank' });
    await suite.kit.receive(SUB, box.id, { kind: 'letter', sender: 'chase bank ' });
    const res = await suite.kit.as(AVA, 'GET', 'mail-senders?pageSize=100');
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(res.json().items.length);
    // Newest first: the sender of the last item received leads.
    expect(res.json().items[0].sender.toLowerCase()).toBe('chase bank');
    const firstOnly = (await suite.kit.as(AVA, 'GET', 'mail-senders?pageSize=1')).json();
    expect(firstOnly).toMatchObject({ pageNo: 1, pageSize: 1, total: res.json().total });
    expect(firstOnly.items).toHaveLength(1);
    expect((await suite.kit.as(AVA, 'GET', 'mail-senders?pageSize=0')).statusCode).toBe(422);
    const chase = res.json().items.find((s: { sender: string }) => s.sender.toLowerCase() === 'chase bank');
    expect(chase).toMatchObject({ count: 2, lastSeen: expect.any(String) });
    expect((await suite.kit.as(null, 'GET', 'mail-senders')).statusCode).toBe(401);
    expect((await suite.kit.as(SUB, 'GET', 'mail-senders')).statusCode).toBe(403);
  });

  it('GET mail-senders/letter.pdf writes the old and new address for joining and for closing', async () => {
    const [user] = await suite.t.database.db.select().from(users).where(eq(users.id, box.userId));
    const res = await suite.kit.as(AVA, 'GET', 'mail-senders/letter.pdf?sender=Chase%20Bank&direction=in');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload).join('\n');
    expect(text).toContain('Chase Bank');
    expect(text).toContain('Old address');
    const oldAt = text.indexOf('Old address');
    const newAt = text.indexOf('New address');
    const home = user!.personal.address1!;
    expect(text.indexOf(home, oldAt)).toBeLessThan(newAt);
    const out = pdfText(
      (await suite.kit.as(AVA, 'GET', 'mail-senders/letter.pdf?sender=Chase&direction=out')).rawPayload,
    ).join('\n');
    expect(out.indexOf(home, out.indexOf('New address'))).toBeGreaterThan(-1);
    expect((await suite.kit.as(AVA, 'GET', 'mail-senders/letter.pdf?sender=Chase&direction=sideways')).statusCode).toBe(
      422,
    );
    expect((await suite.kit.as(AVA, 'GET', 'mail-senders/letter.pdf?direction=in')).statusCode).toBe(422);
    expect((await suite.kit.as(null, 'GET', 'mail-senders/letter.pdf?sender=Chase&direction=in')).statusCode).toBe(401);
    expect((await suite.kit.as(SUB, 'GET', 'mail-senders/letter.pdf?sender=Chase&direction=in')).statusCode).toBe(403);
  });
});

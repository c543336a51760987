import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailboxes } from '../../mailbox/schema/mailboxes';
import { profiles } from '../../identity/schema/profiles';
import { stores } from '../../mailbox/schema/stores';
import { users } from '../../identity/schema/users';
import { suiteApp } from '../../../test/suite-app';
import { adminKit } from '../managed-accounts/admin-test-kit';

const suite = suiteApp(adminKit);

const SUB = 'subadmin@example.com';
const EMMA = 'emma.rodriguez@example.com';

/** Puts a demo customer's mailbox application back in review (pending), as an upload of IDs would. */
async function makePending(email: string) {
  const [user] = await suite.t.database.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(email);
  await suite.t.database.db.delete(mailboxes).where(eq(mailboxes.userId, user.id));
  await suite.t.database.db.update(profiles).set({ mailboxStatus: 'pending' }).where(eq(profiles.userId, user.id));
  return user.id;
}

describe('GET /api/v1/applications', () => {
  it('lists the pending applications within the caller’s customers', async () => {
    const res = await suite.kit.as(SUB, 'GET', '/api/v1/applications');
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      expect.objectContaining({
        email: EMMA,
        fullName: 'Emma L Rodriguez',
        status: 'pending',
        mailboxType: 'personal',
        parentUser: expect.objectContaining({ email: SUB }),
        submittedAt: expect.any(String),
      }),
    ]);
    expect((await suite.kit.as('reseller@example.com', 'GET', '/api/v1/applications')).json().total).toBe(0);
    expect((await suite.kit.as('superadmin@example.com', 'GET', '/api/v1/applications')).json().total).toBe(1);
    const active = (await suite.kit.as(SUB, 'GET', '/api/v1/applications?status=active')).json();
    // The super sub-admin's tenancy: own customers, referred clients, and a referred sub-admin's customer.
    expect(active.items.map((i: { email: string }) => i.email).sort()).toEqual([
      'ava.nguyen@example.com',
      'lucas.martin@example.com',
      'oliver.james@example.com',
    ]);
  });
});

describe('GET /api/v1/applications/:userId', () => {
  it('answers the applicant, the signed contract, the IDs readable through the documents endpoint, and the stores', async () => {
    const id = await suite.kit.idOf(EMMA);
    const res = await suite.kit.as(SUB, 'GET', `/api/v1/applications/${id}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      applicant: { email: EMMA, signature: 'Emma L Rodriguez', mailboxType: 'personal' },
      status: 'pending',
      signedAt: expect.any(String),
      rejectionReason: null,
      mailbox: null,
      stores: [
        { name: 'Downtown LA', nextPmb: 'PMB 2003', isDefault: true },
        { name: 'Hollywood', nextPmb: '#3001', isDefault: false },
      ],
    });
    expect(data.documents.map((d: { kind: string; idType: string }) => [d.kind, d.idType])).toEqual(
      expect.arrayContaining([
        ['photoId', "State, territory or tribal driver's or non-driver's ID card"],
        ['addressId', 'Current Lease'],
      ]),
    );
    const file = await suite.kit.as(SUB, 'GET', `/api/v1/${data.documents[0].url}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await suite.kit.as('reseller@example.com', 'GET', `/api/v1/${data.documents[0].url}`)).statusCode).toBe(
      403,
    );
  });

  it("answers 403 for another tenant's customer", async () => {
    expect(
      (await suite.kit.as('reseller@example.com', 'GET', `/api/v1/applications/${await suite.kit.idOf(EMMA)}`))
        .statusCode,
    ).toBe(403);
  });
});

describe('POST /api/v1/applications/:userId/approve', () => {
  it('activates the mailbox profile, assigns the next PMB at the store and e-mails the customer', async () => {
    const id = await suite.kit.idOf(EMMA);
    const res = await suite.kit.as(SUB, 'POST', `/api/v1/applications/${id}/approve`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      storeName: 'Downtown LA',
      pmb: 'PMB 2003',
      status: 'active',
      address: '811 W 7th St, PMB 2003, Los Angeles, California 90017',
    });
    const detail = (await suite.kit.as(SUB, 'GET', `/api/v1/applications/${id}`)).json().data;
    expect(detail.status).toBe('active');
    expect(detail.documents.every((d: { reviewStatus: string }) => d.reviewStatus === 'approved')).toBe(true);
    const mails = (await suite.t.outbox()).filter((m) => m.to === EMMA);
    const mail = mails.find((m) => m.subject === 'Your mailbox is active');
    expect(mail).toBeDefined();
    // The plan Emma chose before approval is charged now, with its receipt (decision 003).
    expect(mails.some((m) => m.subject.startsWith('Your receipt for'))).toBe(true);
    expect(mail?.text).toContain('PMB 2003');
    // The customer now holds an active mailbox profile.
    const token = await suite.t.login(EMMA);
    const me = (await suite.kit.call('GET', '/api/v1/auths/me', token)).json().data;
    const profile = (await suite.kit.call('GET', `/api/v1/profiles/${me.profile}`, token)).json().data;
    expect(profile.profiles.mailbox.status).toBe('active');
    // Approving twice is refused.
    const again = await suite.kit.as(SUB, 'POST', `/api/v1/applications/${id}/approve`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This application is not waiting for review');
  });

  it('opens the mailbox at a chosen store of the owner and refuses a store of someone else', async () => {
    const id = await makePending('ava.nguyen@example.com');
    const [mid] = await suite.t.database.db.select().from(stores).where(eq(stores.name, 'Mid-Wilshire'));
    const foreign = await suite.kit.as(SUB, 'POST', `/api/v1/applications/${id}/approve`, { storeId: mid?.id });
    expect(foreign.statusCode).toBe(422);
    const [hollywood] = await suite.t.database.db.select().from(stores).where(eq(stores.name, 'Hollywood'));
    const res = await suite.kit.as(SUB, 'POST', `/api/v1/applications/${id}/approve`, { storeId: hollywood?.id });
    expect(res.json().data).toMatchObject({ storeName: 'Hollywood', pmb: '#3001' });
  });

  it('never gives one PMB number twice, even for approvals at the same moment', async () => {
    const a = await makePending('ava.nguyen@example.com');
    const b = await makePending('lucas.martin@example.com');
    const [ra, rb] = await Promise.all([
      suite.kit.as(SUB, 'POST', `/api/v1/applications/${a}/approve`, {}),
      suite.kit.as(SUB, 'POST', `/api/v1/applications/${b}/approve`, {}),
    ]);
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    expect(ra.json().data.pmb).not.toBe(rb.json().data.pmb);
  });

  it('skips numbers already given when the owner lowered the counter', async () => {
    const [downtown] = await suite.t.database.db.select().from(stores).where(eq(stores.name, 'Downtown LA'));
    await suite.t.database.db
      .update(stores)
      .set({ nextPmbNumber: 2001 })
      .where(eq(stores.id, downtown?.id as string));
    const id = await makePending('ava.nguyen@example.com');
    const res = await suite.kit.as(SUB, 'POST', `/api/v1/applications/${id}/approve`, {});
    const pmb = Number(String(res.json().data.pmb).replace('PMB ', ''));
    const taken = await suite.t.database.db
      .select()
      .from(mailboxes)
      .where(eq(mailboxes.storeId, downtown?.id as string));
    expect(taken.filter((m) => m.pmbNumber === pmb)).toHaveLength(1);
  });

  it('answers 409 when the owner has no store yet', async () => {
    const id = await makePending('oliver.james@example.com');
    const [koreatown] = await suite.t.database.db.select().from(stores).where(eq(stores.name, 'Koreatown'));
    await suite.t.database.db.delete(stores).where(eq(stores.id, koreatown?.id as string));
    const res = await suite.kit.as(SUB, 'POST', `/api/v1/applications/${id}/approve`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Add a store first: the mailbox needs a store for its PMB number');
  });
});

describe('POST /api/v1/applications/:userId/reject', () => {
  it('rejects with a reason, e-mails it, and sends the applicant back to the upload step', async () => {
    const id = await makePending('lucas.martin@example.com');
    const empty = await suite.kit.as(SUB, 'POST', `/api/v1/applications/${id}/reject`, { reason: ' ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('Reason is required');
    const res = await suite.kit.as(SUB, 'POST', `/api/v1/applications/${id}/reject`, {
      reason: 'The photo on the ID is not readable.',
    });
    expect(res.statusCode).toBe(200);
    const mail = (await suite.t.outbox()).find((m) => m.to === 'lucas.martin@example.com');
    expect(mail?.subject).toBe('Your mailbox application needs new documents');
    expect(mail?.text).toContain('The photo on the ID is not readable.');
    const [user] = await suite.t.database.db.select().from(users).where(eq(users.id, id));
    expect(user?.currentStep).toBe('upload-documents');
    const detail = (await suite.kit.as(SUB, 'GET', `/api/v1/applications/${id}`)).json().data;
    expect(detail.status).toBe('rejected');
    const again = await suite.kit.as(SUB, 'POST', `/api/v1/applications/${id}/reject`, { reason: 'x' });
    expect(again.statusCode).toBe(409);
  });

  it('is refused to other tenants and customers', async () => {
    const id = await suite.kit.idOf(EMMA);
    expect(
      (await suite.kit.as('reseller@example.com', 'POST', `/api/v1/applications/${id}/reject`, { reason: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await suite.kit.as('user@example.com', 'POST', `/api/v1/applications/${id}/reject`, { reason: 'x' })).statusCode,
    ).toBe(403);
    expect((await suite.kit.as(null, 'POST', `/api/v1/applications/${id}/approve`, {})).statusCode).toBe(401);
  });
});

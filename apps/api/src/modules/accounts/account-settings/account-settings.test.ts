import { and, eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../identity/schema/audit-log';
import { invoices } from '../../billing/schema/invoices';
import { shipments } from '../../shipping/schema/shipments';
import { notifications } from '../../platform/schema/notifications';
import { profiles } from '../../identity/schema/profiles';
import { subscriptions } from '../../billing/schema/subscriptions';
import { users } from '../../identity/schema/users';
import { DEMO_PASSWORD } from '../../../demo/users';
import { suiteApp } from '../../../test/suite-app';
import { notify } from '../../platform/notifications/service';
import { addToMonthlyInvoice } from '../../shipping/shipments/pay-later';
import { PNG } from '../../../test/images';
import { type FormFile, multipartForm } from '../../../test/multipart-form';

let mailbox: string;
let user: string;
let shipper: string;
let subAdmin: string;

const suite = suiteApp();
beforeAll(async () => {
  [mailbox, user, shipper, subAdmin] = await Promise.all([
    suite.t.login('mailbox@example.com'),
    suite.t.login('user@example.com'),
    suite.t.login('shipper@example.com'),
    suite.t.login('subadmin@example.com'),
  ]);
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  suite.t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: token ? { 'x-access-Token': token } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function userRow(email: string) {
  const [row] = await suite.t.database.db.select().from(users).where(eq(users.email, email));
  return row!;
}

async function mailboxStatus(email: string) {
  const u = await userRow(email);
  const [p] = await suite.t.database.db.select().from(profiles).where(eq(profiles.userId, u.id));
  return p!.mailboxStatus;
}

async function setMailboxStatus(email: string, status: 'active' | 'pending') {
  const u = await userRow(email);
  await suite.t.database.db.update(profiles).set({ mailboxStatus: status }).where(eq(profiles.userId, u.id));
}

/** A photo ID as the customer uploads it. */
const ID_PNG = { name: 'id.png', type: 'image/png', body: PNG };

const upload = (token: string | undefined, fields: Record<string, string>, file?: FormFile) => {
  const body = multipartForm(fields, file ? [file] : []);
  return suite.t.app.inject({
    method: 'POST',
    url: '/api/v1/account-settings/profile/documents',
    headers: { ...(token ? { 'x-access-Token': token } : {}), ...body.headers },
    payload: body.payload,
  });
};

describe('account settings: who may call', () => {
  it('answers 401 without a session on every endpoint', async () => {
    for (const [method, url] of [
      ['GET', '/account-settings/profile'],
      ['PUT', '/account-settings/profile'],
      ['GET', '/account-settings'],
      ['PUT', '/account-settings/notifications'],
      ['GET', '/account-settings/export'],
      ['POST', '/account-settings/close'],
    ] as const) {
      expect((await call(method, url, undefined, method === 'GET' ? undefined : {})).statusCode, url).toBe(401);
    }
    expect((await upload(undefined, { kind: 'photoId' })).statusCode).toBe(401);
  });

  it('opens the profile to every role, the customer settings to customers only (403 for a sub-admin)', async () => {
    const profile = await call('GET', '/account-settings/profile', subAdmin);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toMatchObject({ email: 'subadmin@example.com', role: 'SUB_ADMIN', mailbox: null });
    for (const [method, url] of [
      ['GET', '/account-settings'],
      ['PUT', '/account-settings/notifications'],
      ['GET', '/account-settings/export'],
      ['POST', '/account-settings/close'],
    ] as const) {
      expect((await call(method, url, subAdmin, method === 'GET' ? undefined : {})).statusCode, url).toBe(403);
    }
    expect(
      (await upload(subAdmin, { kind: 'photoId' }, { name: 'a.png', type: 'image/png', body: PNG })).statusCode,
    ).toBe(403);
  });
});

describe('profile', () => {
  it('shows a mailbox holder the box as a PMB address, its names, the application status and each ID', async () => {
    const res = await call('GET', '/account-settings/profile', mailbox);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.email).toBe('mailbox@example.com');
    expect(data.applicationStatus).toBe('active');
    expect(data.mailbox.pmb).toMatch(/^PMB \d+$/);
    expect(data.mailbox.address).toContain(data.mailbox.pmb);
    expect(data.mailbox.address).not.toMatch(/PO Box/i);
    expect(Array.isArray(data.mailbox.names)).toBe(true);
    expect(data.isCourtProtected).toBe(false);
  });

  it('shows a shipping-only customer no mailbox', async () => {
    const data = (await call('GET', '/account-settings/profile', shipper)).json().data;
    expect(data).toMatchObject({ email: 'shipper@example.com', mailbox: null, applicationStatus: 'none' });
  });

  it('validates edits with the onboarding messages (422)', async () => {
    const current = (await call('GET', '/account-settings/profile', mailbox)).json().data.personal;
    const res = await call('PUT', '/account-settings/profile', mailbox, { personal: { ...current, firstName: '' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ isSuccess: false, message: 'First Name is required' });
    const noBoxName = await call('PUT', '/account-settings/profile', mailbox, {
      personal: { ...current, mailboxName: '' },
    });
    expect(noBoxName.statusCode).toBe(422);
    expect(noBoxName.json().message).toBe('Mail box name is required');
    const phone = await call('PUT', '/account-settings/profile', mailbox, { personal: { ...current, phone: '123' } });
    expect(phone.json().message).toBe('Phone number must be at least 10 digits');
  });

  it('keeps the application approved when only the phone changes', async () => {
    const current = (await call('GET', '/account-settings/profile', mailbox)).json().data.personal;
    const res = await call('PUT', '/account-settings/profile', mailbox, {
      personal: { ...current, phone: '3235550199' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ reReview: false, profile: { applicationStatus: 'active' } });
    expect(res.json().data.profile.personal.phone).toBe('3235550199');
    expect(await mailboxStatus('mailbox@example.com')).toBe('active');
  });

  it('sends the application back for review when the name changes, with an audit row, and touches nobody else', async () => {
    const before = await userRow('user@example.com');
    const current = (await call('GET', '/account-settings/profile', mailbox)).json().data.personal;
    const res = await call('PUT', '/account-settings/profile', mailbox, {
      personal: { ...current, lastName: 'Renamed' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.reReview).toBe(true);
    expect(res.json().data.profile.applicationStatus).toBe('pending');
    expect(res.json().data.profile.personal.fullName).toContain('Renamed');
    expect(await mailboxStatus('mailbox@example.com')).toBe('pending');
    const holder = await userRow('mailbox@example.com');
    const audit = await suite.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.profile.update'), eq(auditLog.targetId, holder.id)));
    expect(audit.at(-1)?.details).toEqual({ reReview: true });
    // Tenancy: the edit is the caller's own; another customer's row is as it was.
    const after = await userRow('user@example.com');
    expect(after.personal).toEqual(before.personal);
    expect((await call('GET', '/account-settings/profile', user)).json().data.email).toBe('user@example.com');
    await setMailboxStatus('mailbox@example.com', 'active');
  });

  it('replaces an ID checked by content (422 for a file that is not an image or PDF) and re-reviews', async () => {
    const bad = await upload(
      mailbox,
      { kind: 'photoId', idType: 'Passport' },
      {
        name: 'id.png',
        type: 'image/png',
        body: Buffer.from('not really an image'),
      },
    );
    expect(bad.statusCode).toBe(422);
    const noKind = await upload(mailbox, {}, ID_PNG);
    expect(noKind.statusCode).toBe(422);
    const wrongType = await upload(mailbox, { kind: 'photoId', idType: 'Library card' }, ID_PNG);
    expect(wrongType.json()).toMatchObject({ isSuccess: false, message: 'Please choose an ID type from the list' });
    const noAuthorized = await upload(mailbox, { kind: 'authorizedPhotoId', idType: 'Passport' }, ID_PNG);
    expect(noAuthorized.statusCode).toBe(422);
    expect(noAuthorized.json().message).toBe('Authorized Individual data is required');
    const shipperUpload = await upload(shipper, { kind: 'photoId', idType: 'Passport' }, ID_PNG);
    expect(shipperUpload.statusCode).toBe(403);
    const noFile = await upload(mailbox, { kind: 'photoId' });
    expect(noFile.json()).toMatchObject({ isSuccess: false, message: 'Please choose a file' });

    const res = await upload(mailbox, { kind: 'photoId', idType: 'Passport' }, ID_PNG);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.reReview).toBe(true);
    const photo = res.json().data.profile.documents.find((d: { kind: string }) => d.kind === 'photoId');
    expect(photo).toMatchObject({ idType: 'Passport', reviewStatus: 'pending' });
    expect(await mailboxStatus('mailbox@example.com')).toBe('pending');
    await setMailboxStatus('mailbox@example.com', 'active');
  });
});

describe('notification preferences', () => {
  it('start all on, are saved per channel, and 422 on an invalid body', async () => {
    const first = (await call('GET', '/account-settings', user)).json().data;
    expect(typeof first.openInvoices).toBe('number');
    expect(Object.values(first.notificationPreferences.email).every(Boolean)).toBe(true);
    expect(Object.values(first.notificationPreferences.inApp).every(Boolean)).toBe(true);

    const invalid = await call('PUT', '/account-settings/notifications', user, { email: { new_mail: 'no' } });
    expect(invalid.statusCode).toBe(422);

    const prefs = {
      email: { ...first.notificationPreferences.email, new_mail: false },
      inApp: { ...first.notificationPreferences.inApp, fees_soon: false },
      push: { ...first.notificationPreferences.push, scan_ready: false },
    };
    const saved = await call('PUT', '/account-settings/notifications', user, prefs);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.notificationPreferences).toEqual(prefs);
    expect((await call('GET', '/account-settings', user)).json().data.notificationPreferences).toEqual(prefs);
    // Another customer's choice is untouched.
    const other = (await call('GET', '/account-settings', mailbox)).json().data.notificationPreferences;
    expect(other.email.new_mail).toBe(true);
  });

  it('are honoured by notify(): no e-mail for an event turned off by e-mail, no in-app row when off in the app', async () => {
    const holder = await userRow('user@example.com');
    const ctx = {
      db: suite.t.app.db,
      hub: suite.t.app.notificationHub,
      emails: suite.t.app.emails,
      publicUrl: suite.t.config.publicUrl,
      log: suite.t.app.log,
    };
    const now = new Date();
    const sentBefore = (await suite.t.outbox()).filter((m) => m.to === holder.email).length;
    const inApp = await notify(
      ctx,
      { userId: holder.id, kind: 'new_mail', title: 'Pref check new mail', body: 'b', link: '/inbox' },
      now,
    );
    expect(inApp).not.toBeNull();
    expect((await suite.t.outbox()).filter((m) => m.to === holder.email).length).toBe(sentBefore);

    const off = await notify(
      ctx,
      { userId: holder.id, kind: 'fees_soon', title: 'Pref check fees', body: 'b', link: '/inbox' },
      now,
    );
    expect(off).toBeNull();
    const rows = await suite.t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, holder.id), eq(notifications.title, 'Pref check fees')));
    expect(rows).toHaveLength(0);
    const mails = (await suite.t.outbox()).filter((m) => m.to === holder.email && m.subject === 'Pref check fees');
    expect(mails).toHaveLength(1);
  });
});

describe('export and close', () => {
  it('exports the customer’s own data as account.json in a zip, without secrets', async () => {
    const res = await call('GET', '/account-settings/export', mailbox);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const data = JSON.parse(strFromU8(files['account.json']!));
    expect(data.account.email).toBe('mailbox@example.com');
    expect(data.account.passwordHash).toBeUndefined();
    expect(JSON.stringify(data)).not.toContain('user@example.com');
    const photo = data.documents.find((d: { kind: string }) => d.kind === 'photoId');
    expect(photo.file).toMatch(/^documents\/photoId-.*\.png$/);
    expect(files[photo.file]).toBeDefined();
  });

  it('refuses a wrong or missing password (422)', async () => {
    const missing = await call('POST', '/account-settings/close', user, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe('Password is required');
    const wrong = await call('POST', '/account-settings/close', user, { password: 'not-it' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('Password is incorrect');
    expect((await userRow('user@example.com')).closedAt).toBeNull();
  });

  it('closes: subscription cancelled, sessions ended, audit row, no sign-in again', async () => {
    const second = await suite.t.login('user@example.com');
    // A ship-now-pay-later charge this month: the close turns its invoice into the final one.
    const before = await userRow('user@example.com');
    const [shipment] = await suite.t.database.db
      .select()
      .from(shipments)
      .where(eq(shipments.userId, before.id))
      .limit(1);
    const finalInvoiceId = await addToMonthlyInvoice(suite.t.database.db, {
      userId: before.id,
      shipmentId: shipment!.id,
      line: { description: 'Label PW-final', quantity: 1, unitAmountCents: 1240, amountCents: 1240 },
      now: suite.t.clock.now(),
    });
    const res = await call('POST', '/account-settings/close', user, { password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    const row = await userRow('user@example.com');
    expect(row.closedAt).not.toBeNull();
    expect(res.json().data.closedAt).toBe(row.closedAt!.toISOString());
    const [sub] = await suite.t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, row.id));
    expect(sub!.status).toBe('cancelled');
    expect((await call('GET', '/account-settings', user)).statusCode).toBe(401);
    expect((await call('GET', '/account-settings', second)).statusCode).toBe(401);
    const audit = await suite.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.close'), eq(auditLog.targetId, row.id)));
    expect(audit).toHaveLength(1);
    const login = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/auths/login',
      payload: { email: 'user@example.com', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(403);

    const [final] = await suite.t.database.db.select().from(invoices).where(eq(invoices.id, finalInvoiceId));
    expect(final!.status).toBe('open');
    expect(final!.periodEnd!.toISOString()).toBe(row.closedAt!.toISOString());
    expect(final!.dueAt!.getTime() - row.closedAt!.getTime()).toBe(14 * 86_400_000);
    const mails = (await suite.t.outbox()).filter((m) => m.to === 'user@example.com');
    const closed = mails.filter((m) => m.subject === 'Your Postwise account is closed');
    expect(closed).toHaveLength(1);
    expect(closed[0]!.text).toContain(`Invoice ${final!.number}: $${(final!.totalCents / 100).toFixed(2)}`);

    // Closing again answers the same and sends nothing more.
    const again = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/account-settings/close',
      headers: { authorization: `Bearer ${second}` },
      payload: { password: DEMO_PASSWORD },
    });
    expect(again.statusCode).toBe(401);
    expect((await suite.t.outbox()).filter((m) => m.subject === 'Your Postwise account is closed')).toHaveLength(1);
  });
});

import { eq } from 'drizzle-orm';
import { SIGNATURE_MISMATCH_MESSAGE } from '@postwise/shared/schemas/onboarding';
import { describe, expect, it } from 'vitest';
import { documents } from '../schema/documents';
import { profiles } from '../schema/profiles';
import { users } from '../schema/users';
import { suiteApp } from '../../../test/suite-app';
import { samePicture } from '../../../test/images';
import {
  AUTHORIZED,
  BUSINESS,
  makeKit,
  multipart,
  PASSWORD,
  PDF,
  PERSONAL,
  PNG,
  type UploadFile,
} from './applicant-test-kit';

const suite = suiteApp(makeKit);

async function userRow(id: string) {
  const [row] = await suite.t.database.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

async function profileOf(userId: string) {
  const [row] = await suite.t.database.db.select().from(profiles).where(eq(profiles.userId, userId));
  return row;
}

async function idByEmail(email: string) {
  const [row] = await suite.t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

type Applicant = Awaited<ReturnType<typeof suite.kit.applicant>>;

const accountType = (a: Applicant, type: unknown, userId = a.user.id) =>
  suite.kit.post('auths/account-type', { userId, accountType: type }, { token: a.token });

const accountInfo = (a: Applicant, body: Record<string, unknown>, userId = a.user.id) =>
  suite.kit.post(
    'auths/account-info',
    { userId, isCourtProtected: false, personal: PERSONAL, ...body },
    { token: a.token },
  );

const signForm = (a: Applicant, signature: string, userId = a.user.id) =>
  suite.kit.post('auths/sign-form', { userId, signature }, { token: a.token });

const png = (name = 'id.png'): UploadFile => ({ body: PNG, name, type: 'image/png' });
const pdf = (name = 'lease.pdf'): UploadFile => ({ body: PDF, name, type: 'application/pdf' });

async function upload(a: Applicant, fields: Record<string, string | UploadFile>, token: string | undefined = a.token) {
  const { payload, headers } = await multipart(fields);
  return suite.t.app.inject({
    method: 'POST',
    url: '/api/v1/auths/upload-documents',
    payload,
    headers: { ...headers, ...(token ? { 'x-access-Token': token } : {}) },
  });
}

const ownDocs = (a: Applicant) => ({
  userId: a.user.id,
  photoId: 'Passport',
  photoIdFile: png(),
  addressId: 'Current Lease',
  addressIdFile: pdf(),
});

/** An applicant who chose `type`, filled account info (extra merged in) and, for a mailbox, signed. */
async function readyToUpload(extra: Record<string, unknown> = {}, invite: Record<string, unknown> = {}) {
  const a = await suite.kit.applicant(invite);
  expect((await accountType(a, 'mailbox')).statusCode).toBe(200);
  expect((await accountInfo(a, { mailboxType: 'personal', ...extra })).statusCode).toBe(200);
  expect((await signForm(a, 'Ava M Nguyen')).statusCode).toBe(200);
  return a;
}

describe('POST /api/v1/auths/account-type', () => {
  it('stores the choice, opens the shipment profile at once and moves on to account info', async () => {
    const a = await suite.kit.applicant();
    const res = await accountType(a, 'both');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ accountType: 'both', additionalInfo: { currentStep: 'account-info' } });
    expect(res.json().data.profile).toMatch(/^[0-9a-f-]{36}$/);
    expect(await profileOf(a.user.id)).toMatchObject({
      currentProfile: 'shipment',
      shipmentStatus: 'active',
      mailboxStatus: 'none',
    });
  });

  it.each([undefined, 'none', ''])('answers the spec 8 message when nothing is chosen (%j)', async (value) => {
    const a = await suite.kit.applicant();
    const res = await accountType(a, value);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Please select at least one option: Mailbox or Shipment.');
  });

  it('lets a SUB_ADMIN create only a Mailbox account (spec 6, 8)', async () => {
    const superAdmin = await idByEmail('superadmin@example.com');
    const a = await suite.kit.applicant({ parentUser: superAdmin, role: 'SUB_ADMIN' });
    for (const type of ['shipment', 'both']) {
      const res = await accountType(a, type);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('As a Sub Admin, you can only create a Mailbox account. Please select Mailbox.');
    }
    expect((await accountType(a, 'mailbox')).statusCode).toBe(200);
  });

  it("lets a sub-admin's customer create only a Mailbox account (spec 6, 8)", async () => {
    const a = await suite.kit.applicant({ parentUser: await idByEmail('subadmin@example.com') });
    const res = await accountType(a, 'shipment');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'You are allowed to create only a Mailbox account. Please select Mailbox.',
      errors: { accountType: 'You are allowed to create only a Mailbox account. Please select Mailbox.' },
    });
    expect((await accountType(a, 'mailbox')).statusCode).toBe(200);
  });

  it("refuses another applicant's userId (403), no token (401) and a full session (401)", async () => {
    const a = await suite.kit.applicant();
    const b = await suite.kit.applicant();
    const other = await accountType(a, 'mailbox', b.user.id);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('You can only complete your own application.');
    expect((await userRow(b.user.id)).accountType).toBeNull();

    const none = await suite.kit.post('auths/account-type', { userId: a.user.id, accountType: 'mailbox' });
    expect(none.statusCode).toBe(401);
    const full = await suite.t.login('user@example.com');
    const withFull = await suite.kit.post(
      'auths/account-type',
      { userId: a.user.id, accountType: 'mailbox' },
      { token: full },
    );
    expect(withFull.statusCode).toBe(401);
  });

  it('expires the onboarding token after an hour unused', async () => {
    const a = await suite.kit.applicant();
    suite.t.clock.advance(61 * 60_000);
    const res = await accountType(a, 'mailbox');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Session expired');
  });
});

describe('POST /api/v1/auths/account-info', () => {
  it('finishes a shipping-only application: answers shipment-verification, welcomes, ends the onboarding token', async () => {
    const a = await suite.kit.applicant();
    await accountType(a, 'shipment');
    const res = await accountInfo(a, { mailboxType: 'business', business: BUSINESS, authorizedIndividual: AUTHORIZED });
    expect(res.statusCode).toBe(200);
    const user = res.json().data;
    expect(user).toMatchObject({
      additionalInfo: { currentStep: 'shipment-verification' },
      personal: { firstName: 'Ava', fullName: 'Ava M Nguyen' },
      mailboxType: null,
      business: null,
      authorizedIndividual: null,
    });
    expect(user.personal.mailboxName).toBeUndefined();
    expect((await userRow(a.user.id)).currentStep).toBeNull();
    const [mail] = await suite.t.outbox();
    expect(mail).toMatchObject({ to: a.email, subject: 'Welcome to Postwise' });
    expect((await accountInfo(a, {})).statusCode).toBe(401);

    const login = await suite.kit.post('auths/login', { email: a.email, password: PASSWORD });
    expect(login.json().data.user.additionalInfo.currentStep).toBeNull();
    const me = await suite.t.app.inject({
      method: 'GET',
      url: '/api/v1/auths/me',
      headers: { 'x-access-Token': login.json().data.accessToken },
    });
    expect(me.statusCode).toBe(200);
  });

  it('keeps business and authorized-individual data for a business mailbox and moves on to the contract', async () => {
    const a = await suite.kit.applicant();
    await accountType(a, 'both');
    const res = await accountInfo(a, {
      mailboxType: 'business',
      business: BUSINESS,
      isAuthorized: true,
      authorizedIndividual: AUTHORIZED,
      isCourtProtected: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      additionalInfo: { currentStep: 'mailbox-rental-contract' },
      mailboxType: 'business',
      business: { name: 'Nguyen Design LLC', mailboxName: 'Nguyen Design LLC' },
      authorizedIndividual: { firstName: 'Ben', fullName: 'Ben M Ortiz' },
      isCourtProtected: true,
      personal: { mailboxName: 'Ava M Nguyen' },
    });
  });

  it('drops business data for a personal mailbox', async () => {
    const a = await suite.kit.applicant();
    await accountType(a, 'mailbox');
    const res = await accountInfo(a, { mailboxType: 'personal', business: BUSINESS });
    expect(res.json().data.business).toBeNull();
  });

  const personalCases: [string, Record<string, string>, string][] = [
    ['firstName', { firstName: '' }, 'First Name is required'],
    ['middleName', { middleName: '' }, 'Middle Initial is required'],
    ['middleName', { middleName: 'AB' }, 'Middle initial must be a single character.'],
    ['lastName', { lastName: '' }, 'Last Name is required'],
    ['phone', { phone: '310555' }, 'Phone number must be at least 10 digits'],
    ['phone', { phone: '31055501999' }, 'Phone number cannot exceed 10 digits'],
    ['address1', { address1: '' }, 'Address Line 1 is required'],
    ['city', { city: '' }, 'City is required'],
    ['state', { state: '' }, 'State is required'],
    ['country', { country: '' }, 'Country is required'],
    ['zip', { zip: '' }, 'Zip Code is required'],
    ['zip', { zip: '12345678901' }, 'Zip Code cannot be longer than 10 characters'],
    ['mailboxName', { mailboxName: '' }, 'Mail box name is required'],
  ];
  it.each(personalCases)('answers 422 for personal.%s with %j: %s', async (field, change, message) => {
    const a = await suite.kit.applicant();
    await accountType(a, 'mailbox');
    const res = await accountInfo(a, { mailboxType: 'personal', personal: { ...PERSONAL, ...change } });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(message);
    expect(res.json().errors[`personal.${field}`]).toBe(message);
  });

  it('does not ask a shipping-only applicant for a mailbox name', async () => {
    const a = await suite.kit.applicant();
    await accountType(a, 'shipment');
    const res = await accountInfo(a, { personal: { ...PERSONAL, mailboxName: '' } });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    [{ mailboxType: 'business' }, 'Business data is required when mailboxType is business', 'business'],
    [{ mailboxType: 'business', business: { ...BUSINESS, name: '' } }, 'Name is required', 'business.name'],
    [{ mailboxType: 'business', business: { ...BUSINESS, type: '' } }, 'Business type is required', 'business.type'],
    [
      { mailboxType: 'business', business: { ...BUSINESS, registrationPlace: '' } },
      'Registration place is required',
      'business.registrationPlace',
    ],
    [
      { mailboxType: 'business', business: { ...BUSINESS, phone: '123' } },
      'Phone number must be exactly 10 digits',
      'business.phone',
    ],
    [{ mailboxType: 'personal', isAuthorized: true }, 'Authorized Individual data is required', 'authorizedIndividual'],
    [
      { mailboxType: 'personal', isAuthorized: true, authorizedIndividual: { ...AUTHORIZED, phone: '' } },
      'Phone number is required',
      'authorizedIndividual.phone',
    ],
    [
      { mailboxType: 'personal', isAuthorized: true, authorizedIndividual: { ...AUTHORIZED, zip: '12345678901' } },
      'Zip Code cannot be longer than 10 characters',
      'authorizedIndividual.zip',
    ],
  ])('answers 422 for %j', async (body, message, field) => {
    const a = await suite.kit.applicant();
    await accountType(a, 'mailbox');
    const res = await accountInfo(a, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(message);
    expect(res.json().errors[field]).toBe(message);
  });

  it('asks for the account type first', async () => {
    const a = await suite.kit.applicant();
    const res = await accountInfo(a, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Please choose an account type first.');
  });

  it("refuses another applicant's userId (403) and no token (401)", async () => {
    const a = await suite.kit.applicant();
    const b = await suite.kit.applicant();
    await accountType(b, 'shipment');
    expect((await accountInfo(a, {}, b.user.id)).statusCode).toBe(403);
    const res = await suite.kit.post('auths/account-info', { userId: a.user.id, personal: PERSONAL });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/v1/auths/sign-form', () => {
  it('stores the typed name with the date and IP, and moves on to the documents', async () => {
    const a = await suite.kit.applicant();
    await accountType(a, 'mailbox');
    await accountInfo(a, { mailboxType: 'personal' });
    const res = await suite.kit.post(
      'auths/sign-form',
      { userId: a.user.id, signature: ' Ava M Nguyen ' },
      { token: a.token, ip: '10.77.0.1' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      signature: 'Ava M Nguyen',
      additionalInfo: { currentStep: 'upload-documents' },
    });
    const row = await userRow(a.user.id);
    expect(row.signedIp).toBe('10.77.0.1');
    expect(row.signedAt?.getTime()).toBe(suite.t.clock.now().getTime());
  });

  it('answers "Signature is required"', async () => {
    const a = await suite.kit.applicant();
    await accountType(a, 'mailbox');
    await accountInfo(a, { mailboxType: 'personal' });
    const res = await signForm(a, '  ');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'Signature is required',
      errors: { signature: 'Signature is required' },
    });
  });

  it("refuses a signature that is not the applicant's full name (422) and accepts it with other case and spacing", async () => {
    const a = await suite.kit.applicant();
    await accountType(a, 'mailbox');
    await accountInfo(a, { mailboxType: 'personal' });
    const wrong = await signForm(a, 'Ava Nguyen');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      message: SIGNATURE_MISMATCH_MESSAGE,
      errors: { signature: SIGNATURE_MISMATCH_MESSAGE },
    });
    expect((await userRow(a.user.id)).signature).toBeNull();
    const res = await signForm(a, '  ava   m NGUYEN ');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.signature).toBe('ava   m NGUYEN');
  });

  it('refuses signing before the account information (409), for another applicant (403), without token (401)', async () => {
    const a = await suite.kit.applicant();
    await accountType(a, 'mailbox');
    expect((await signForm(a, 'Ava')).statusCode).toBe(409);
    const b = await suite.kit.applicant();
    expect((await signForm(a, 'Ava', b.user.id)).statusCode).toBe(403);
    expect((await suite.kit.post('auths/sign-form', { userId: a.user.id, signature: 'Ava' })).statusCode).toBe(401);
  });
});

describe('POST /api/v1/auths/upload-documents', () => {
  it('stores the IDs, puts the mailbox profile up for review and e-mails the applicant', async () => {
    const a = await readyToUpload();
    const res = await upload(a, ownDocs(a));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isSuccess: true, data: true });

    const docs = await suite.t.database.db.select().from(documents).where(eq(documents.userId, a.user.id));
    expect(docs.map((d) => [d.kind, d.idType, d.contentType]).sort()).toEqual([
      ['addressId', 'Current Lease', 'application/pdf'],
      ['photoId', 'Passport', 'image/png'],
    ]);
    expect(docs.every((d) => d.storageKey.startsWith(`documents/${a.user.id}/`) && d.reviewStatus === 'pending')).toBe(
      true,
    );
    expect(await profileOf(a.user.id)).toMatchObject({ mailboxStatus: 'pending', currentProfile: 'mailbox' });
    expect((await userRow(a.user.id)).currentStep).toBeNull();
    const [mail] = await suite.t.outbox();
    expect(mail).toMatchObject({ to: a.email, subject: 'We received your mailbox application' });
    // The application is complete: the onboarding token is spent.
    expect((await upload(a, ownDocs(a))).statusCode).toBe(401);
  });

  it.each([
    ['photoId', 'Photo ID is required'],
    ['photoIdFile', 'Photo ID file is required'],
    ['addressId', 'Address ID is required'],
    ['addressIdFile', 'Address ID file is required'],
  ])('answers 422 without %s: %s', async (field, message) => {
    const a = await readyToUpload();
    const fields: Record<string, string | UploadFile> = ownDocs(a);
    delete fields[field];
    const res = await upload(a, fields);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(message);
    expect(res.json().errors[field]).toBe(message);
  });

  it('refuses an ID type outside the spec 3 list and the same document twice', async () => {
    const a = await readyToUpload();
    const bad = await upload(a, { ...ownDocs(a), photoId: 'Library card' });
    expect(bad.json().message).toBe('Photo ID is required');
    const same = "State, territory or tribal driver's or non-driver's ID card";
    const twice = await upload(a, { ...ownDocs(a), photoId: same, addressId: same });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.addressId).toBe('Address ID must be a different document from the Photo ID');
  });

  it("requires the authorized individual's IDs when one was added", async () => {
    const a = await readyToUpload({ isAuthorized: true, authorizedIndividual: AUTHORIZED });
    const res = await upload(a, ownDocs(a));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      authorizedPhotoId: 'Authorized Photo ID is required',
      authorizedPhotoIdFile: 'Authorized Photo ID file is required',
      authorizedAddressId: 'Authorized Address ID is required',
      authorizedAddressIdFile: 'Authorized Address ID file is required',
    });
    const ok = await upload(a, {
      ...ownDocs(a),
      authorizedPhotoId: 'Passport',
      authorizedPhotoIdFile: png('ben.png'),
      authorizedAddressId: 'Voter Card',
      authorizedAddressIdFile: pdf('ben.pdf'),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('requires the court order of a court-protected applicant', async () => {
    const a = await readyToUpload({ isCourtProtected: true });
    const res = await upload(a, ownDocs(a));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Court Order file is required');
    const ok = await upload(a, { ...ownDocs(a), courtOrder: 'true', courtOrderFile: pdf('order.pdf') });
    expect(ok.statusCode).toBe(200);
    const kinds = (await suite.t.database.db.select().from(documents).where(eq(documents.userId, a.user.id))).map(
      (d) => d.kind,
    );
    expect(kinds).toContain('courtOrder');
  });

  it('rejects a renamed non-image (checked by content, not by name or type)', async () => {
    const a = await readyToUpload();
    const fake = { body: Buffer.from('#!/bin/sh\necho not an image\n'), name: 'passport.png', type: 'image/png' };
    const res = await upload(a, { ...ownDocs(a), photoIdFile: fake });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'Photo ID file must be an image or a PDF',
      errors: { photoIdFile: 'Photo ID file must be an image or a PDF' },
    });
  });

  it('rejects a file over 10 MB', async () => {
    const a = await readyToUpload();
    const big = { body: Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]), name: 'big.png', type: 'image/png' };
    const res = await upload(a, { ...ownDocs(a), photoIdFile: big });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Photo ID file must be 10 MB or smaller');
  });

  it("refuses another applicant's userId (403), no token (401) and an unsigned application (409)", async () => {
    const a = await readyToUpload();
    const b = await suite.kit.applicant();
    expect((await upload(a, { ...ownDocs(a), userId: b.user.id })).statusCode).toBe(403);
    expect((await upload(a, ownDocs(a), '')).statusCode).toBe(401);
    await accountType(b, 'mailbox');
    await accountInfo(b, { mailboxType: 'personal' });
    const unsigned = await upload(b, ownDocs(b));
    expect(unsigned.statusCode).toBe(409);
    expect(unsigned.json().message).toBe('Please sign the mailbox rental contract first.');
  });
});

describe('GET /api/v1/documents/:documentId/file', () => {
  async function uploadedBy(invite: Record<string, unknown> = {}) {
    const a = await readyToUpload({}, invite);
    expect((await upload(a, ownDocs(a))).statusCode).toBe(200);
    const [doc] = await suite.t.database.db.select().from(documents).where(eq(documents.userId, a.user.id));
    return { a, doc: doc! };
  }

  const fetchDoc = (id: string, token?: string) =>
    suite.t.app.inject({
      method: 'GET',
      url: `/api/v1/documents/${id}/file`,
      headers: token ? { 'x-access-Token': token } : {},
    });

  it('streams the file to its owner with its detected type, never cached', async () => {
    const { a, doc } = await uploadedBy();
    const token = await suite.t.login(a.email, PASSWORD);
    const res = await fetchDoc(doc.id, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(doc.contentType);
    expect(res.headers['cache-control']).toBe('no-store');
    // An image is stored re-encoded (same picture, other bytes); a PDF as uploaded.
    if (doc.contentType === 'image/png') expect(await samePicture(res.rawPayload, PNG)).toBe(true);
    else expect(res.rawPayload.equals(PDF)).toBe(true);
  });

  it('lets the super admin and the responsible sub-admin read it', async () => {
    const { doc } = await uploadedBy({ parentUser: await idByEmail('subadmin@example.com') });
    expect((await fetchDoc(doc.id, await suite.t.login('superadmin@example.com'))).statusCode).toBe(200);
    expect((await fetchDoc(doc.id, await suite.t.login('subadmin@example.com'))).statusCode).toBe(200);
  });

  it('refuses another customer and a sub-admin who is not responsible (403), no session (401)', async () => {
    const { doc } = await uploadedBy();
    expect((await fetchDoc(doc.id, await suite.t.login('user@example.com'))).statusCode).toBe(403);
    expect((await fetchDoc(doc.id, await suite.t.login('reseller@example.com'))).statusCode).toBe(403);
    expect((await fetchDoc(doc.id)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown document and 422 for a malformed id', async () => {
    const token = await suite.t.login('superadmin@example.com');
    expect((await fetchDoc('7b1f2c4e-93a4-4c1e-8f5d-2a6b9c0d1e2f', token)).statusCode).toBe(404);
    expect((await fetchDoc('nope', token)).statusCode).toBe(422);
  });
});

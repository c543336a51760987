import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { oneTimeCodes } from '../schema/one-time-codes';
import { users } from '../schema/users';
import { suiteApp } from '../../../test/suite-app';
import { makeKit, newEmail, nextIp, PASSWORD } from './applicant-test-kit';

const suite = suiteApp(makeKit);

const me = (token: string) =>
  suite.t.app.inject({ method: 'GET', url: '/api/v1/auths/me', headers: { 'x-access-Token': token } });

async function userRow(email: string) {
  const [row] = await suite.t.database.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

async function superAdminId() {
  return (await userRow('superadmin@example.com')).id;
}

describe('POST /api/v1/auths/register/email', () => {
  it('creates the applicant at the account-type step under the platform super admin and e-mails a code', async () => {
    const email = newEmail();
    const res = await suite.kit.post('auths/register/email', { email, password: PASSWORD, authMethod: 'email' });
    expect(res.statusCode).toBe(200);
    const { user, authTokenId } = res.json().data;
    expect(authTokenId).toMatch(/^[0-9a-f-]{36}$/);
    expect(user).toMatchObject({
      email,
      role: { code: 'USER' },
      accountType: null,
      parentUser: { id: await superAdminId(), role: { code: 'SUPER_ADMIN' } },
      additionalInfo: { currentStep: 'account-type' },
    });
    const [mail] = await suite.t.outbox();
    expect(mail).toMatchObject({ to: email, subject: expect.stringContaining('verification code') });
    const code = await suite.kit.lastCode(email);
    expect(code).toMatch(/^\d{4}$/);

    const [row] = await suite.t.database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.id, authTokenId));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);
    expect(row?.purpose).toBe('register');
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(10 * 60_000);
    expect(res.body).not.toContain(code);
  });

  it.each([
    [{ password: PASSWORD }, 'Email is required', 'email'],
    [{ email: 'not-an-email', password: PASSWORD }, 'Invalid email address', 'email'],
    [{ email: 'someone@example.org' }, 'Password is required', 'password'],
  ])('answers 422 with the spec 5 message for %j', async (payload, message, field) => {
    const res = await suite.kit.post('auths/register/email', payload);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ isSuccess: false, code: 'VALIDATION_ERROR', message });
    expect(res.json().errors[field]).toBe(message);
  });

  it('answers a verified e-mail, in any letter case, like a fresh registration (no 409 that tells it exists)', async () => {
    const res = await suite.kit.post('auths/register/email', { email: 'User@Example.com', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({
      email: 'user@example.com',
      additionalInfo: { currentStep: 'account-type' },
    });
  });

  it('lets an applicant who never verified register again: the new password applies once the new code is verified', async () => {
    const first = await suite.kit.register();
    const again = await suite.kit.register({ password: 'Another123' }, first.email);
    expect(again.authTokenId).not.toBe(first.authTokenId);
    const fresh = await suite.kit.post('auths/verify-otp', {
      authTokenId: again.authTokenId,
      activationCode: await suite.kit.lastCode(first.email),
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data.user.id).toBe(first.user.id);
    expect((await suite.kit.post('auths/login', { email: first.email, password: 'Another123' })).statusCode).toBe(200);
    expect((await suite.kit.post('auths/login', { email: first.email, password: PASSWORD })).statusCode).toBe(401);
  });

  it('places an invited user under the inviting sub-admin and remembers whose link it was', async () => {
    const sub = await userRow('subadmin@example.com');
    const { user, email } = await suite.kit.register({ parentUser: sub.id, role: 'USER' });
    expect(user.parentUser).toEqual({ id: sub.id, role: { code: 'SUB_ADMIN' } });
    const row = await userRow(email);
    expect(row.referredByUserId).toBe(sub.id);
    expect(row.parentUserId).toBe(sub.id);
  });

  it('accepts a SUB_ADMIN invitation from the super admin', async () => {
    const { user } = await suite.kit.register({ parentUser: await superAdminId(), role: 'SUB_ADMIN' });
    expect(user.role.code).toBe('SUB_ADMIN');
  });

  it.each([
    ['SUPER_ADMIN from an invitation', async () => ({ parentUser: await superAdminId(), role: 'SUPER_ADMIN' }), 'role'],
    ['a parent that is a customer', async () => ({ parentUser: (await userRow('user@example.com')).id }), 'parentUser'],
    ['an unknown parent', async () => ({ parentUser: '7b1f2c4e-93a4-4c1e-8f5d-2a6b9c0d1e2f' }), 'parentUser'],
    ['a parent id that is not an id', async () => ({ parentUser: 'abc' }), 'parentUser'],
    [
      'SUB_ADMIN from a sub-admin who is not a super sub-admin',
      async () => ({ parentUser: (await userRow('reseller@example.com')).id, role: 'SUB_ADMIN' }),
      'role',
    ],
    ['SUB_ADMIN without an invitation', async () => ({ role: 'SUB_ADMIN' }), 'role'],
  ])('refuses %s with 422', async (_name, extra, field) => {
    const res = await suite.kit.post('auths/register/email', {
      email: newEmail(),
      password: PASSWORD,
      ...(await extra()),
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(field);
  });

  it('e-mails one address at most five times in 15 minutes, answering every request alike (never 429 per e-mail)', async () => {
    const email = newEmail('limited');
    for (let i = 0; i < 5; i++) await suite.kit.register({}, email);
    const res = await suite.kit.post('auths/register/email', { email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.authTokenId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await suite.t.outbox()).filter((m) => m.to === email)).toHaveLength(5);
  });

  it('limits codes sent from one IP (429 after thirty)', async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i++) {
      const res = await suite.kit.post('auths/forgot-password', { email: newEmail('ip'), authMethod: 'email' }, { ip });
      expect(res.statusCode).toBe(200);
    }
    const res = await suite.kit.post('auths/register/email', { email: newEmail(), password: PASSWORD }, { ip });
    expect(res.statusCode).toBe(429);
  });
});

describe('POST /api/v1/auths/verify-otp (register flow)', () => {
  it('verifies the e-mail and answers the applicant with an onboarding-only token', async () => {
    const reg = await suite.kit.register();
    const res = await suite.kit.post('auths/verify-otp', {
      authTokenId: reg.authTokenId,
      activationCode: await suite.kit.lastCode(reg.email),
    });
    expect(res.statusCode).toBe(200);
    const { user, accessToken } = res.json().data;
    expect(user).toMatchObject({ id: reg.user.id, additionalInfo: { currentStep: 'account-type' } });
    expect(accessToken).toMatch(/^[\w-]{43}$/);
    expect((await userRow(reg.email)).emailVerifiedAt).toBeInstanceOf(Date);
    // The onboarding token opens nothing that needs a full session.
    expect((await me(accessToken)).statusCode).toBe(401);
  });

  it('refuses a used code', async () => {
    const reg = await suite.kit.register();
    const payload = { authTokenId: reg.authTokenId, activationCode: await suite.kit.lastCode(reg.email) };
    expect((await suite.kit.post('auths/verify-otp', payload)).statusCode).toBe(200);
    const again = await suite.kit.post('auths/verify-otp', payload);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This code is no longer valid. Please request a new one.');
  });

  it('refuses a wrong code, then accepts the right one', async () => {
    const reg = await suite.kit.register();
    const code = await suite.kit.lastCode(reg.email);
    const wrong = String((Number(code) + 1) % 10000).padStart(4, '0');
    const res = await suite.kit.post('auths/verify-otp', { authTokenId: reg.authTokenId, activationCode: wrong });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'The code is incorrect. Please try again.',
      errors: { activationCode: 'The code is incorrect. Please try again.' },
    });
    const ok = await suite.kit.post('auths/verify-otp', { authTokenId: reg.authTokenId, activationCode: code });
    expect(ok.statusCode).toBe(200);
  });

  it.each(['12', '12345', 'abcd', ''])('answers "OTP is not valid" for %j', async (activationCode) => {
    const reg = await suite.kit.register();
    const res = await suite.kit.post('auths/verify-otp', { authTokenId: reg.authTokenId, activationCode });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('OTP is not valid');
  });

  it('refuses an expired code (after 10 minutes)', async () => {
    const reg = await suite.kit.register();
    const code = await suite.kit.lastCode(reg.email);
    suite.t.clock.advance(10 * 60_000 + 1000);
    const res = await suite.kit.post('auths/verify-otp', { authTokenId: reg.authTokenId, activationCode: code });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This code has expired. Please request a new one.');
  });

  it('kills a code after five wrong tries: the sixth is refused even with the right code', async () => {
    const reg = await suite.kit.register();
    const code = await suite.kit.lastCode(reg.email);
    const wrong = String((Number(code) + 1) % 10000).padStart(4, '0');
    for (let i = 0; i < 5; i++) {
      const res = await suite.kit.post('auths/verify-otp', { authTokenId: reg.authTokenId, activationCode: wrong });
      expect(res.json().message).toBe('The code is incorrect. Please try again.');
    }
    const sixth = await suite.kit.post('auths/verify-otp', { authTokenId: reg.authTokenId, activationCode: code });
    expect(sixth.statusCode).toBe(422);
    expect(sixth.json().message).toBe('This code is no longer valid. Please request a new one.');
  });

  it('treats an authTokenId that names no code like a wrong code, then like a dead one', async () => {
    const authTokenId = '5f0c6a52-0d7e-4f57-9d0b-3c1b9a2e7f10';
    for (let i = 0; i < 5; i++) {
      const res = await suite.kit.post('auths/verify-otp', { authTokenId, activationCode: '1234' });
      expect(res.json().message).toBe('The code is incorrect. Please try again.');
    }
    const res = await suite.kit.post('auths/verify-otp', { authTokenId, activationCode: '1234' });
    expect(res.json().message).toBe('This code is no longer valid. Please request a new one.');
  });

  it('limits tries per IP (429 after sixty)', async () => {
    const ip = nextIp();
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await suite.kit.post(
        'auths/verify-otp',
        { authTokenId: `5f0c6a52-0d7e-4f57-9d0b-${String(i).padStart(12, '0')}`, activationCode: '1234' },
        { ip },
      );
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 60).every((c) => c === 422)).toBe(true);
    expect(codes[60]).toBe(429);
  });
});

describe('POST /api/v1/auths/resend-code', () => {
  it('e-mails a new code; the previous one stops working', async () => {
    const reg = await suite.kit.register();
    const oldCode = await suite.kit.lastCode(reg.email);
    const res = await suite.kit.post('auths/resend-code', { authTokenId: reg.authTokenId });
    expect(res.statusCode).toBe(200);
    const { authTokenId } = res.json().data;
    expect(authTokenId).not.toBe(reg.authTokenId);
    const newCode = await suite.kit.lastCode(reg.email);
    const old = await suite.kit.post('auths/verify-otp', { authTokenId: reg.authTokenId, activationCode: oldCode });
    expect(old.json().message).toBe('This code is no longer valid. Please request a new one.');
    const ok = await suite.kit.post('auths/verify-otp', { authTokenId, activationCode: newCode });
    expect(ok.statusCode).toBe(200);
  });

  it('answers a random id for an id that names no code, and 422 for a malformed one', async () => {
    const res = await suite.kit.post('auths/resend-code', { authTokenId: '5f0c6a52-0d7e-4f57-9d0b-3c1b9a2e7f11' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.authTokenId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await suite.kit.post('auths/resend-code', { authTokenId: 'x' })).statusCode).toBe(422);
  });
});

describe('forgot password, code and reset', () => {
  it('answers the same shape for a known and an unknown e-mail, e-mailing only the known one', async () => {
    const before = (await suite.t.outbox()).length;
    const unknown = await suite.kit.post('auths/forgot-password', { email: 'nobody@example.org', authMethod: 'email' });
    expect((await suite.t.outbox()).length).toBe(before);
    const known = await suite.kit.post('auths/forgot-password', { email: 'shipper@example.com', authMethod: 'email' });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(Object.keys(unknown.json().data)).toEqual(Object.keys(known.json().data));
    expect(unknown.json().data.authTokenId).toMatch(/^[0-9a-f-]{36}$/);
    expect(known.json().data.authTokenId).toMatch(/^[0-9a-f-]{36}$/);
    const [mail] = await suite.t.outbox();
    expect(mail).toMatchObject({ to: 'shipper@example.com', subject: expect.stringContaining('password reset code') });
  });

  it.each([
    [{}, 'Email is required.'],
    [{ email: 'nope' }, 'Email is invalid.'],
  ])('answers 422 for %j', async (payload, message) => {
    const res = await suite.kit.post('auths/forgot-password', payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(message);
  });

  it('verifies the code, resets the password with the reset token and ends every session', async () => {
    const email = 'mailbox@example.com';
    const oldSession = await suite.t.login(email);
    const forgot = await suite.kit.post('auths/forgot-password', { email, authMethod: 'email' });
    const verify = await suite.kit.post('auths/verify-otp', {
      authTokenId: forgot.json().data.authTokenId,
      activationCode: await suite.kit.lastCode(email),
    });
    expect(verify.statusCode).toBe(200);
    const { id, accessToken } = verify.json().data;
    expect(id).toBe((await userRow(email)).id);
    expect(verify.json().data.user).toBeUndefined();
    // The reset token opens only reset-password.
    expect((await me(accessToken)).statusCode).toBe(401);

    const reset = await suite.kit.post(
      'auths/reset-password',
      { password: 'NewPass99', userId: id },
      { token: accessToken },
    );
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ isSuccess: true });

    expect((await me(oldSession)).statusCode).toBe(401);
    const again = await suite.kit.post(
      'auths/reset-password',
      { password: 'Other999', userId: id },
      { token: accessToken },
    );
    expect(again.statusCode).toBe(401);
    await expect(suite.t.login(email)).rejects.toThrow();
    expect(await suite.t.login(email, 'NewPass99')).toMatch(/^[\w-]{43}$/);
  });

  async function resetToken(email: string) {
    const forgot = await suite.kit.post('auths/forgot-password', { email });
    const verify = await suite.kit.post('auths/verify-otp', {
      authTokenId: forgot.json().data.authTokenId,
      activationCode: await suite.kit.lastCode(email),
    });
    return verify.json().data as { id: string; accessToken: string };
  }

  it('refuses reset without a token (401), with another user id (403) and a short password (422)', async () => {
    const { id, accessToken } = await resetToken('shipper@example.com');
    expect((await suite.kit.post('auths/reset-password', { password: 'NewPass99', userId: id })).statusCode).toBe(401);
    const other = (await userRow('user@example.com')).id;
    const forbidden = await suite.kit.post(
      'auths/reset-password',
      { password: 'NewPass99', userId: other },
      { token: accessToken },
    );
    expect(forbidden.statusCode).toBe(403);
    const short = await suite.kit.post(
      'auths/reset-password',
      { password: '12345', userId: id },
      { token: accessToken },
    );
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toBe('Password should be 6 characters.');
  });

  it('refuses a common password with a clear message and keeps the old one', async () => {
    const { id, accessToken } = await resetToken('shipper@example.com');
    const res = await suite.kit.post(
      'auths/reset-password',
      { password: 'password1', userId: id },
      { token: accessToken },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'This password is too common. Please choose a less common one.',
      errors: { password: 'This password is too common. Please choose a less common one.' },
    });
    expect(await suite.t.login('shipper@example.com')).toBeTruthy();
  });

  it('refuses reset with a full session or an onboarding token', async () => {
    const full = await suite.t.login('user@example.com');
    const id = (await userRow('user@example.com')).id;
    expect(
      (await suite.kit.post('auths/reset-password', { password: 'NewPass99', userId: id }, { token: full })).statusCode,
    ).toBe(401);
    const applicant = await suite.kit.applicant();
    const res = await suite.kit.post(
      'auths/reset-password',
      { password: 'NewPass99', userId: applicant.user.id },
      { token: applicant.token },
    );
    expect(res.statusCode).toBe(401);
  });

  it('expires the reset token after 15 minutes', async () => {
    const { id, accessToken } = await resetToken('shipper@example.com');
    suite.t.clock.advance(16 * 60_000);
    const res = await suite.kit.post(
      'auths/reset-password',
      { password: 'NewPass99', userId: id },
      { token: accessToken },
    );
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Session expired');
  });
});

describe('POST /api/v1/auths/update-password', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const reg = await suite.kit.applicant();
    // Finish a shipping-only application so the account can sign in fully.
    await suite.kit.post('auths/account-type', { userId: reg.user.id, accountType: 'shipment' }, { token: reg.token });
    const info = await suite.kit.post(
      'auths/account-info',
      {
        userId: reg.user.id,
        personal: {
          firstName: 'Kai',
          middleName: 'J',
          lastName: 'Lee',
          phone: '3105550111',
          address1: '1 A St',
          city: 'Los Angeles',
          state: 'California',
          country: 'United States',
          zip: '90001',
        },
        isCourtProtected: false,
      },
      { token: reg.token },
    );
    expect(info.statusCode).toBe(200);
    const current = await suite.t.login(reg.email, PASSWORD);
    const other = await suite.t.login(reg.email, PASSWORD);
    const res = await suite.kit.post(
      'auths/update-password',
      { password: PASSWORD, newPassword: 'Changed77' },
      { token: current },
    );
    expect(res.statusCode).toBe(200);
    expect((await me(current)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect(await suite.t.login(reg.email, 'Changed77')).toBeTruthy();
  });

  it('answers 422 "Current password is incorrect." for a wrong current password', async () => {
    const token = await suite.t.login('superadmin@example.com');
    const res = await suite.kit.post(
      'auths/update-password',
      { password: 'Wrong1234', newPassword: 'Changed77' },
      { token },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'Current password is incorrect.',
      errors: { password: 'Current password is incorrect.' },
    });
  });

  it.each([
    [{ newPassword: 'Changed77' }, 'Current password is required.'],
    [{ password: '12345', newPassword: 'Changed77' }, 'Current password must be at least 6 characters long.'],
    [{ password: 'Demo1234!' }, 'New password is required.'],
    [{ password: 'Demo1234!', newPassword: '123' }, 'New password must be at least 6 characters long.'],
  ])('answers 422 with the spec 5 message for %j', async (payload, message) => {
    const token = await suite.t.login('superadmin@example.com');
    const res = await suite.kit.post('auths/update-password', payload, { token });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(message);
  });

  it('counts its rate limit per user, not per shared IP', async () => {
    const office = '10.66.0.1';
    const first = await suite.t.login('reseller@example.com');
    const wrong = { password: 'Wrong1234', newPassword: 'Changed77' };
    for (let i = 0; i < 10; i++) {
      expect((await suite.kit.post('auths/update-password', wrong, { token: first, ip: office })).statusCode).toBe(422);
    }
    expect((await suite.kit.post('auths/update-password', wrong, { token: first, ip: office })).statusCode).toBe(429);
    // A colleague behind the same IP is not held back by it.
    const colleague = await suite.t.login('pastdue@example.com');
    expect((await suite.kit.post('auths/update-password', wrong, { token: colleague, ip: office })).statusCode).toBe(
      422,
    );
  });

  it('refuses a common new password with a clear message', async () => {
    const token = await suite.t.login('superadmin@example.com');
    const res = await suite.kit.post(
      'auths/update-password',
      { password: 'Demo1234!', newPassword: 'qwerty123' },
      { token },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'This password is too common. Please choose a less common one.',
      errors: { newPassword: 'This password is too common. Please choose a less common one.' },
    });
    expect(await suite.t.login('superadmin@example.com')).toBeTruthy();
  });

  it('answers 401 without a session and with an onboarding token', async () => {
    expect(
      (await suite.kit.post('auths/update-password', { password: 'Demo1234!', newPassword: 'Changed77' })).statusCode,
    ).toBe(401);
    const applicant = await suite.kit.applicant();
    const res = await suite.kit.post(
      'auths/update-password',
      { password: PASSWORD, newPassword: 'Changed77' },
      { token: applicant.token },
    );
    expect(res.statusCode).toBe(401);
  });
});

describe('sign-in of an applicant who has not finished', () => {
  it('answers an onboarding token and the current step, never a full session', async () => {
    const applicant = await suite.kit.applicant();
    await suite.kit.post(
      'auths/account-type',
      { userId: applicant.user.id, accountType: 'mailbox' },
      { token: applicant.token },
    );
    const res = await suite.kit.post('auths/login', { email: applicant.email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const { accessToken, user } = res.json().data;
    expect(user.additionalInfo.currentStep).toBe('account-info');
    expect((await me(accessToken)).statusCode).toBe(401);
    const next = await suite.kit.post(
      'auths/account-type',
      { userId: user.id, accountType: 'mailbox' },
      { token: accessToken },
    );
    expect(next.statusCode).toBe(200);
  });

  it('e-mails a new code to an applicant whose e-mail is not verified and answers no token', async () => {
    const reg = await suite.kit.register();
    const res = await suite.kit.post('auths/login', { email: reg.email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.accessToken).toBeNull();
    expect(data.authTokenId).toMatch(/^[0-9a-f-]{36}$/);
    const verify = await suite.kit.post('auths/verify-otp', {
      authTokenId: data.authTokenId,
      activationCode: await suite.kit.lastCode(reg.email),
    });
    expect(verify.statusCode).toBe(200);
  });
});

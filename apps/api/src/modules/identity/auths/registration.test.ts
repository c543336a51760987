import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invitations } from '../schema/invitations';
import { users } from '../schema/users';
import { suiteApp } from '../../../test/suite-app';
import { makeKit, newEmail, PASSWORD } from './applicant-test-kit';

/**
 * Registering an e-mail that already has an account never changes that account,
 * the answer does not tell that it exists, and an admin's invitation is completed only through its own token.
 */

const suite = suiteApp(makeKit);

const ATTACKER_PASSWORD = 'Attacker-Owns-99';

async function row(email: string) {
  const [found] = await suite.t.database.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  if (!found) throw new Error(`no user ${email}`);
  return found;
}

const signIn = (email: string, password: string) => suite.kit.post('auths/login', { email, password });

/** Add Customer as the reseller: the invited account and the token of its e-mailed link. */
async function invite(email: string) {
  const token = await suite.t.login('reseller@example.com');
  const res = await suite.t.app.inject({
    method: 'POST',
    url: '/api/v1/customers',
    headers: { 'x-access-Token': token },
    payload: { email, firstName: 'Ivy', lastName: 'Invited' },
  });
  if (res.statusCode !== 200 && res.statusCode !== 201) throw new Error(`invite failed: ${res.statusCode} ${res.body}`);
  const mail = (await suite.t.outbox()).find((m) => m.to === email && m.subject.includes('invited you'));
  const link = mail?.text.match(/https?:\/\/\S+\/register\?\S+/)?.[0];
  if (!link) throw new Error('no invitation link e-mailed');
  const url = new URL(link);
  return { url, invitationToken: url.searchParams.get('invitation') ?? '' };
}

describe('registering an e-mail that already has an account', () => {
  it("does not replace an unverified applicant's password: the victim verifies and the attacker cannot sign in", async () => {
    const victim = await suite.kit.register();
    const victimCode = await suite.kit.lastCode(victim.email);
    const before = await row(victim.email);

    const attack = await suite.kit.post('auths/register/email', { email: victim.email, password: ATTACKER_PASSWORD });
    expect(attack.statusCode).toBe(200);
    const answer = attack.json().data;
    // The same shape as a fresh registration, but nothing of the stored account.
    expect(Object.keys(answer.user).sort()).toEqual(Object.keys(victim.user).sort());
    expect(answer.user.id).not.toBe(victim.user.id);
    expect(answer.user).toMatchObject({ email: victim.email, additionalInfo: { currentStep: 'account-type' } });

    const after = await row(victim.email);
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.parentUserId).toBe(before.parentUserId);
    expect(after.roleCode).toBe(before.roleCode);

    const verified = await suite.kit.post('auths/verify-otp', {
      authTokenId: victim.authTokenId,
      activationCode: victimCode,
    });
    expect(verified.statusCode).toBe(200);
    expect((await signIn(victim.email, ATTACKER_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(victim.email, PASSWORD)).statusCode).toBe(200);
  });

  it("never applies the attacker's pending password once the owner has verified", async () => {
    const victim = await suite.kit.register();
    const victimCode = await suite.kit.lastCode(victim.email);
    const attack = await suite.kit.post('auths/register/email', { email: victim.email, password: ATTACKER_PASSWORD });
    const attackerCode = await suite.kit.lastCode(victim.email);
    await suite.kit.post('auths/verify-otp', { authTokenId: victim.authTokenId, activationCode: victimCode });
    // Even with the e-mailed code in hand, the attacker's registration cannot take over a verified account.
    const late = await suite.kit.post('auths/verify-otp', {
      authTokenId: attack.json().data.authTokenId,
      activationCode: attackerCode,
    });
    expect(late.statusCode).toBe(422);
    expect((await signIn(victim.email, ATTACKER_PASSWORD)).statusCode).toBe(401);
  });

  it('leaves a verified account unchanged, e-mails its owner, and answers a code id that verifies nothing', async () => {
    const before = await row('shipper@example.com');
    const res = await suite.kit.post('auths/register/email', {
      email: 'Shipper@Example.com',
      password: ATTACKER_PASSWORD,
      parentUser: (await row('subadmin@example.com')).id,
      role: 'SUB_ADMIN',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({
      role: { code: 'SUB_ADMIN' },
      additionalInfo: { currentStep: 'account-type' },
    });
    const after = await row('shipper@example.com');
    expect(after).toEqual(before);
    const [mail] = await suite.t.outbox();
    expect(mail).toMatchObject({ to: 'shipper@example.com', subject: expect.stringContaining('tried to sign up') });
    expect(mail?.text).not.toMatch(/Your code: \d{4}/);
    const guess = await suite.kit.post('auths/verify-otp', {
      authTokenId: res.json().data.authTokenId,
      activationCode: '1234',
    });
    expect(guess.statusCode).toBe(422);
  });
});

describe('invitations', () => {
  it('an anonymous register with parentUser and role neither moves nor promotes an invited account', async () => {
    const email = newEmail('invited');
    await invite(email);
    const before = await row(email);
    const superAdmin = await row('superadmin@example.com');
    const res = await suite.kit.post('auths/register/email', {
      email,
      password: ATTACKER_PASSWORD,
      parentUser: superAdmin.id,
      role: 'SUB_ADMIN',
    });
    expect(res.statusCode).toBe(200);
    const after = await row(email);
    expect(after).toEqual(before);
    expect(after.roleCode).toBe('USER');
    expect(after.parentUserId).toBe((await row('reseller@example.com')).id);
    const [mail] = await suite.t.outbox();
    expect(mail).toMatchObject({ to: email, subject: expect.stringContaining('tried to sign up') });
    expect((await signIn(email, ATTACKER_PASSWORD)).statusCode).toBe(401);
  });

  it("is completed with the invitation's own token; the account keeps the inviter and role; the link is then spent", async () => {
    const email = newEmail('invited');
    const { url, invitationToken } = await invite(email);
    expect(url.pathname).toBe('/register');
    expect(url.searchParams.get('parentUser')).toBe((await row('reseller@example.com')).id);
    expect(url.searchParams.get('role')).toBe('USER');
    expect(invitationToken.length).toBeGreaterThanOrEqual(40);

    const superAdmin = await row('superadmin@example.com');
    const reg = await suite.kit.post('auths/register/email', {
      email,
      password: PASSWORD,
      invitationToken,
      // A tampered link changes nothing: the invitation binds parent and role.
      parentUser: superAdmin.id,
      role: 'SUB_ADMIN',
    });
    expect(reg.statusCode).toBe(200);
    expect(reg.json().data.user).toMatchObject({ role: { code: 'USER' }, parentUser: { role: { code: 'SUB_ADMIN' } } });
    const verified = await suite.kit.post('auths/verify-otp', {
      authTokenId: reg.json().data.authTokenId,
      activationCode: await suite.kit.lastCode(email),
    });
    expect(verified.statusCode).toBe(200);
    const account = await row(email);
    expect(account.roleCode).toBe('USER');
    expect(account.parentUserId).toBe((await row('reseller@example.com')).id);
    expect(account.emailVerifiedAt).not.toBeNull();
    const [inv] = await suite.t.database.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.userId, account.id)));
    expect(inv?.acceptedAt).not.toBeNull();
    expect(inv?.tokenHash).not.toBe(invitationToken);
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200);

    const reuse = await suite.kit.post('auths/register/email', { email, password: ATTACKER_PASSWORD, invitationToken });
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json().message).toBe('This invitation link is not valid. Please ask for a new one.');
  });

  it('refuses a token for another e-mail and an unknown token (422)', async () => {
    const { invitationToken } = await invite(newEmail('invited'));
    const other = await suite.kit.post('auths/register/email', {
      email: newEmail(),
      password: PASSWORD,
      invitationToken,
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe('This invitation is for another email address.');
    const unknown = await suite.kit.post('auths/register/email', {
      email: newEmail(),
      password: PASSWORD,
      invitationToken: 'x'.repeat(43),
    });
    expect(unknown.statusCode).toBe(422);
  });
});

describe('registration passwords', () => {
  it.each([
    ['Abc12!x', 'Password must be at least 8 characters.'],
    ['password123', 'This password is too common. Please choose a less common one.'],
    ['Qwerty123', 'This password is too common. Please choose a less common one.'],
  ])('refuses %s with 422 "%s"', async (password, message) => {
    const res = await suite.kit.post('auths/register/email', { email: newEmail(), password });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message, errors: { password: message } });
  });
});

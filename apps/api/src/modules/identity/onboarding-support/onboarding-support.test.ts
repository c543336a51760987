import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { policyAndTerms } from '../schema/policy-and-terms';
import { users } from '../schema/users';
import { suiteApp } from '../../../test/suite-app';

const suite = suiteApp();

async function idOf(email: string) {
  const [row] = await suite.t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

const getLogo = (token?: string, userId?: string) =>
  suite.t.app.inject({
    method: 'GET',
    url: `/api/v1/users/logo${userId ? `?userId=${userId}` : ''}`,
    headers: token ? { 'x-access-Token': token } : {},
  });

const getPolicy = (user?: string) =>
  suite.t.app.inject({ method: 'GET', url: `/api/v1/privacyPolicyAndTerms${user ? `?user=${user}` : ''}` });

describe('GET /api/v1/users/logo', () => {
  it('answers null logos (the defaults) for a customer of the platform', async () => {
    const res = await getLogo(await suite.t.login('user@example.com'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isSuccess: true, data: { logos: { lightLogo: null, darkLogo: null } } });
  });

  it("answers the sub-admin's logos for the sub-admin's customer", async () => {
    const sub = await idOf('subadmin@example.com');
    await suite.t.database.db
      .update(users)
      .set({
        configuration: { lightLogo: '/files/light.png', darkLogo: '/files/dark.png', isPasswordProtected: false },
      })
      .where(eq(users.id, sub));
    await suite.t.database.db.update(users).set({ parentUserId: sub }).where(eq(users.email, 'mailbox@example.com'));
    const res = await getLogo(await suite.t.login('mailbox@example.com'));
    expect(res.json().data.logos).toEqual({ lightLogo: '/files/light.png', darkLogo: '/files/dark.png' });
    const own = await getLogo(await suite.t.login('subadmin@example.com'));
    expect(own.json().data.logos.lightLogo).toBe('/files/light.png');
  });

  it("refuses another customer's logos (403), answers 401 without a session and 422 for a bad id", async () => {
    const other = await idOf('shipper@example.com');
    expect((await getLogo(await suite.t.login('user@example.com'), other)).statusCode).toBe(403);
    expect((await getLogo()).statusCode).toBe(401);
    expect((await getLogo(await suite.t.login('user@example.com'), 'x')).statusCode).toBe(422);
  });
});

describe('GET /api/v1/privacyPolicyAndTerms', () => {
  it('answers empty texts when nobody wrote any (the web app then links the static page)', async () => {
    await suite.t.database.db.delete(policyAndTerms);
    const res = await getPolicy();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ privacyPolicyHtml: '', termsHtml: '' });
  });

  it("answers the inviting admin's texts, else the platform's", async () => {
    const superAdmin = await idOf('superadmin@example.com');
    const sub = await idOf('subadmin@example.com');
    await suite.t.database.db.delete(policyAndTerms);
    await suite.t.database.db.insert(policyAndTerms).values([
      { ownerUserId: superAdmin, privacyPolicyHtml: '<p>Platform privacy</p>', termsHtml: '<p>Platform terms</p>' },
      { ownerUserId: sub, privacyPolicyHtml: '<p>Reseller privacy</p>', termsHtml: '<p>Reseller terms</p>' },
    ]);
    expect((await getPolicy(sub)).json().data).toEqual({
      privacyPolicyHtml: '<p>Reseller privacy</p>',
      termsHtml: '<p>Reseller terms</p>',
    });
    expect((await getPolicy(await idOf('reseller@example.com'))).json().data.termsHtml).toBe('<p>Platform terms</p>');
    expect((await getPolicy()).json().data.privacyPolicyHtml).toBe('<p>Platform privacy</p>');
  });

  it('answers 422 for a user value that is not an id', async () => {
    const res = await getPolicy('abc');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('User id is invalid.');
  });
});

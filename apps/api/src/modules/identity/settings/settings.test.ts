import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../../lib/sanitize-html';
import { suiteApp } from '../../../test/suite-app';
import { adminKit } from '../../accounts/managed-accounts/admin-test-kit';
import { UNLOCK_MAX_FAILURES } from './check-password';
import { PNG, samePicture } from '../../../test/images';
import { multipartForm } from '../../../test/multipart-form';

const suite = suiteApp(adminKit);

const RESELLER = 'reseller@example.com';
const SUB = 'subadmin@example.com';

async function upload(email: string, kind: string, body: Buffer, filename = 'logo.png', type = 'image/png') {
  const { payload, headers } = multipartForm({}, [{ field: 'media', body, name: filename, type }]);
  return suite.t.app.inject({
    method: 'POST',
    url: `/api/v1/settings/logos/${kind}`,
    payload,
    headers: { ...headers, 'x-access-Token': await suite.kit.token(email) },
  });
}

describe('GET /api/v1/users/encrypted/:userId', () => {
  it('answers whether the Configuration tab is password-protected', async () => {
    const reseller = await suite.kit.idOf(RESELLER);
    expect((await suite.kit.as(RESELLER, 'GET', `/api/v1/users/encrypted/${reseller}`)).json()).toEqual({
      isSuccess: true,
      data: true,
    });
    const sub = await suite.kit.idOf(SUB);
    expect((await suite.kit.as(SUB, 'GET', `/api/v1/users/encrypted/${sub}`)).json().data).toBe(false);
    expect(
      (await suite.kit.as('superadmin@example.com', 'GET', `/api/v1/users/encrypted/${reseller}`)).json().data,
    ).toBe(true);
  });

  it('refuses another tenant (403), unknown ids (404), bad ids (422) and anonymous callers (401)', async () => {
    expect(
      (await suite.kit.as(SUB, 'GET', `/api/v1/users/encrypted/${await suite.kit.idOf(RESELLER)}`)).statusCode,
    ).toBe(403);
    expect(
      (await suite.kit.as(SUB, 'GET', '/api/v1/users/encrypted/7b1f2c4e-93a4-4c1e-8f5d-2a6b9c0d1e2f')).statusCode,
    ).toBe(404);
    expect((await suite.kit.as(SUB, 'GET', '/api/v1/users/encrypted/1')).statusCode).toBe(422);
    expect((await suite.kit.as(null, 'GET', `/api/v1/users/encrypted/${await suite.kit.idOf(SUB)}`)).statusCode).toBe(
      401,
    );
  });
});

describe('POST /api/v1/users/check-password', () => {
  it('unlocks with the sign-in password and not with another one', async () => {
    const right = await suite.kit.as(RESELLER, 'POST', '/api/v1/users/check-password', { password: 'Demo1234!' });
    expect(right.json()).toEqual({ isSuccess: true, data: { isUnlocked: true } });
    const wrong = await suite.kit.as(RESELLER, 'POST', '/api/v1/users/check-password', { password: 'nope' });
    expect(wrong.json()).toEqual({ isSuccess: true, data: { isUnlocked: false } });
  });

  it("answers 'Password is required' for an empty password", async () => {
    const res = await suite.kit.as(RESELLER, 'POST', '/api/v1/users/check-password', { password: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Password is required');
  });

  it('accepts the password of the admin accessing the account', async () => {
    const access = await suite.kit.as(
      'superadmin@example.com',
      'POST',
      `/api/v1/auths/access-account/${await suite.kit.idOf(RESELLER)}`,
    );
    const token = access.json().data.accessToken;
    const res = await suite.kit.call('POST', '/api/v1/users/check-password', token, { password: 'Demo1234!' });
    expect(res.json().data.isUnlocked).toBe(true);
  });

  it(`answers 429 after ${UNLOCK_MAX_FAILURES} wrong tries, until the window passes`, async () => {
    for (let i = 0; i < UNLOCK_MAX_FAILURES; i += 1) {
      const res = await suite.kit.as('partner@example.com', 'POST', '/api/v1/users/check-password', {
        password: `bad-${i}`,
      });
      expect(res.json().data.isUnlocked).toBe(false);
    }
    const blocked = await suite.kit.as('partner@example.com', 'POST', '/api/v1/users/check-password', {
      password: 'Demo1234!',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('is for sub-admins only', async () => {
    expect(
      (await suite.kit.as('superadmin@example.com', 'POST', '/api/v1/users/check-password', { password: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await suite.kit.as('user@example.com', 'POST', '/api/v1/users/check-password', { password: 'x' })).statusCode,
    ).toBe(403);
  });
});

describe('Account Setting', () => {
  it('turns password protection off and on', async () => {
    const off = await suite.kit.as(SUB, 'PUT', '/api/v1/settings/account', { isPasswordProtected: true });
    expect(off.json().data).toEqual({ isPasswordProtected: true, lightLogo: null, darkLogo: null });
    const me = (await suite.kit.as(SUB, 'GET', '/api/v1/auths/me')).json().data;
    expect(me.configuration.isPasswordProtected).toBe(true);
    await suite.kit.as(SUB, 'PUT', '/api/v1/settings/account', { isPasswordProtected: false });
    expect((await suite.kit.as(SUB, 'GET', '/api/v1/settings/account')).json().data.isPasswordProtected).toBe(false);
    expect(
      (await suite.kit.as(SUB, 'PUT', '/api/v1/settings/account', { isPasswordProtected: 'yes' })).statusCode,
    ).toBe(422);
  });

  it('stores light and dark logos, serves them publicly as images, and replaces the old file', async () => {
    const res = await upload(SUB, 'light', PNG);
    expect(res.statusCode).toBe(200);
    const url = res.json().data.lightLogo as string;
    expect(url).toMatch(/^\/api\/v1\/logos\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    const file = await suite.kit.call('GET', url, null);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(await samePicture(file.rawPayload, PNG)).toBe(true);
    // The customers of the sub-admin get it through users/logo and the user's configuration.
    const me = (await suite.kit.as(SUB, 'GET', '/api/v1/auths/me')).json().data;
    expect(me.configuration.lightLogo).toBe(url);

    const again = await upload(SUB, 'light', PNG);
    expect(again.json().data.lightLogo).not.toBe(url);
    expect((await suite.kit.call('GET', url, null)).statusCode).toBe(404);

    const dark = await upload(SUB, 'dark', PNG);
    expect(dark.json().data.darkLogo).toMatch(/\/logos\//);
    const removed = await suite.kit.as(SUB, 'DELETE', '/api/v1/settings/logos/dark');
    expect(removed.json().data.darkLogo).toBeNull();
  });

  it('rejects a file that is not an image by its bytes, whatever its name (422)', async () => {
    const res = await upload(SUB, 'light', Buffer.from('%PDF-1.4 not a logo'), 'logo.png', 'image/png');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Logo must be an image');
    const script = await upload(
      SUB,
      'light',
      Buffer.from('<svg onload="alert(1)"></svg>'),
      'logo.svg',
      'image/svg+xml',
    );
    expect(script.statusCode).toBe(422);
    const noFile = await suite.kit.as(SUB, 'POST', '/api/v1/settings/logos/light', {});
    expect(noFile.statusCode).toBe(422);
    expect((await upload(SUB, 'medium', PNG)).statusCode).toBe(422);
    expect((await upload('superadmin@example.com', 'light', PNG)).statusCode).toBe(403);
  });
});

describe('Setting', () => {
  it("updates the sub-admin's own details", async () => {
    const res = await suite.kit.as(RESELLER, 'PUT', '/api/v1/settings/profile', {
      firstName: 'Priya',
      middleName: 'K',
      lastName: 'Patel-Shah',
      phone: '3235550119',
      address1: '5900 Wilshire Blvd',
      address2: 'Suite 2210',
      city: 'Los Angeles',
      state: 'California',
      zip: '90036',
      country: 'United States',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.personal).toMatchObject({ lastName: 'Patel-Shah', fullName: 'Priya K Patel-Shah' });
    const bad = await suite.kit.as(RESELLER, 'PUT', '/api/v1/settings/profile', {
      ...res.json().data.personal,
      lastName: ' ',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('Last Name is required');
  });
});

const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href=" JaVaScRiPt:alert(1)">x</a>',
  '<svg onload=alert(1)><circle/></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p onclick="alert(1)">x</p>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<form action="javascript:alert(1)"><input onfocus=alert(1) autofocus></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<body onload=alert(1)>',
  '<<script>script>alert(1)<</script>/script>',
  '<!-- --><script>alert(1)</script>',
  '<base href="javascript:alert(1)//">',
];

describe('Policy & Terms HTML is sanitized', () => {
  it.each(XSS_PAYLOADS)('removes script, handlers and script URLs from %s', (payload) => {
    const clean = sanitizeHtml(`<p>Before</p>${payload}<p>After</p>`);
    expect(clean).not.toMatch(/<script|<iframe|<object|<embed|<svg|<math|<form|<meta|<base|<body/i);
    expect(clean).not.toMatch(/\son\w+\s*=/i);
    expect(clean).not.toMatch(/javascript:|data:|vbscript:/i);
    expect(clean).toContain('<p>Before</p>');
    expect(clean).toContain('<p>After</p>');
  });

  it('keeps formatting, lists, tables and safe links (new tabs get rel=noopener)', () => {
    const html =
      '<h2>Terms</h2><p><strong>Bold</strong> <em>it</em></p><ul><li>One</li></ul><table><tr><td>1</td></tr></table><a href="https://example.com" target="_blank">site</a> <a href="mailto:a@example.com">mail</a>';
    const clean = sanitizeHtml(html);
    expect(clean).toContain('<h2>Terms</h2>');
    expect(clean).toContain('<ul><li>One</li></ul>');
    expect(clean).toContain('<table><tr><td>1</td></tr></table>');
    expect(clean).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">site</a>');
    expect(clean).toContain('<a href="mailto:a@example.com">mail</a>');
  });

  it('PUT stores the sanitized HTML and GET serves it; the register page of invited customers reads it', async () => {
    const res = await suite.kit.as(SUB, 'PUT', '/api/v1/settings/policy-and-terms', {
      privacyPolicyHtml: '<h2>Privacy</h2><p onclick="steal()">We keep your data safe.</p><script>alert(1)</script>',
      termsHtml: '<p>Terms <a href="javascript:alert(1)">here</a></p>',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      privacyPolicyHtml: '<h2>Privacy</h2><p>We keep your data safe.</p>',
      termsHtml: '<p>Terms <a href>here</a></p>',
    });
    const read = await suite.kit.as(SUB, 'GET', '/api/v1/settings/policy-and-terms');
    expect(read.json().data.privacyPolicyHtml).toBe('<h2>Privacy</h2><p>We keep your data safe.</p>');
    const tooLong = await suite.kit.as(SUB, 'PUT', '/api/v1/settings/policy-and-terms', {
      privacyPolicyHtml: 'x'.repeat(200_001),
      termsHtml: '',
    });
    expect(tooLong.statusCode).toBe(422);
    expect((await suite.kit.as('superadmin@example.com', 'GET', '/api/v1/settings/policy-and-terms')).statusCode).toBe(
      403,
    );
  });
});

describe('the register page reads the sanitized Policy & Terms of the inviting sub-admin', () => {
  it('GET privacyPolicyAndTerms?user=<sub-admin> answers what Policy & Terms saved, sanitized', async () => {
    await suite.kit.as(RESELLER, 'PUT', '/api/v1/settings/policy-and-terms', {
      privacyPolicyHtml: '<p>Private <img src=x onerror=alert(1)></p>',
      termsHtml: '<p>Terms</p>',
    });
    const res = await suite.kit.call(
      'GET',
      `/api/v1/privacyPolicyAndTerms?user=${await suite.kit.idOf(RESELLER)}`,
      null,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ privacyPolicyHtml: '<p>Private </p>', termsHtml: '<p>Terms</p>' });
  });
});

import type { User } from '@postwise/shared/api-types';
import type { TestApp } from '../../../test/test-app';

/**
 * Test helpers for the registration and onboarding flows: every step goes through the real endpoints and
 * the code is read from the test app's outbox, as a person would read their e-mail.
 */
export const PASSWORD = 'Orchid-Parcel-42';

let ipCounter = 0;
/** A fresh client address per call site, so the per-IP limits of one test do not leak into another. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${Math.floor(ipCounter / 60000) % 250}.${Math.floor(ipCounter / 250) % 240}.${(ipCounter % 250) + 1}`;
}

let emailCounter = 0;
export function newEmail(prefix = 'applicant'): string {
  emailCounter += 1;
  return `${prefix}.${Date.now().toString(36)}.${emailCounter}@example.org`;
}

export interface Call {
  token?: string;
  ip?: string;
}

export function makeKit(t: TestApp) {
  const post = (url: string, payload: unknown, call: Call = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/${url}`,
      payload: payload as object,
      headers: call.token ? { 'x-access-Token': call.token } : {},
      remoteAddress: call.ip ?? nextIp(),
    });

  async function lastCode(email: string): Promise<string> {
    const mail = (await t.outbox()).find((m) => m.to === email.toLowerCase());
    const code = mail?.text.match(/Your code: (\d{4})/)?.[1];
    if (!code) throw new Error(`No code e-mailed to ${email}`);
    return code;
  }

  /** The token of the one-click link in the newest code e-mail to `email`. */
  async function lastLinkToken(email: string): Promise<string> {
    const mail = (await t.outbox()).find((m) => m.to === email.toLowerCase() && /Your code: \d{4}/.test(m.text));
    const token = mail?.text.match(/\/verify\?linkToken=([\w-]+)/)?.[1];
    if (!token) throw new Error(`No link e-mailed to ${email}`);
    return token;
  }

  async function register(extra: Record<string, unknown> = {}, email = newEmail()) {
    const res = await post('auths/register/email', { email, password: PASSWORD, authMethod: 'email', ...extra });
    if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
    const data = res.json().data as { user: User; authTokenId: string };
    return { email, ...data };
  }

  /** Registered and verified: the applicant with an onboarding token. */
  async function applicant(extra: Record<string, unknown> = {}, email?: string) {
    const reg = await register(extra, email);
    const res = await post('auths/verify-otp', {
      authTokenId: reg.authTokenId,
      activationCode: await lastCode(reg.email),
    });
    if (res.statusCode !== 200) throw new Error(`verify failed: ${res.statusCode} ${res.body}`);
    const data = res.json().data as { user: User; accessToken: string };
    return { email: reg.email, user: data.user, token: data.accessToken };
  }

  return { post, lastCode, lastLinkToken, register, applicant };
}

export const PERSONAL = {
  firstName: 'Ava',
  middleName: 'M',
  lastName: 'Nguyen',
  phone: '3105550199',
  address1: '100 Main St',
  address2: '',
  city: 'Los Angeles',
  state: 'California',
  country: 'United States',
  zip: '90012',
  mailboxName: 'Ava M Nguyen',
};

export const BUSINESS = {
  name: 'Nguyen Design LLC',
  type: 'LLC',
  registrationPlace: 'California',
  phone: '3105550198',
  address1: '200 Spring St',
  city: 'Los Angeles',
  state: 'California',
  country: 'United States',
  zip: '90013',
  mailboxName: 'Nguyen Design LLC',
};

export const AUTHORIZED = { ...PERSONAL, firstName: 'Ben', lastName: 'Ortiz', mailboxName: 'Ben M Ortiz' };

/** A 1x1 PNG and a minimal PDF: real content, so the magic-byte check accepts them. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export interface UploadFile {
  body: Buffer;
  name: string;
  type: string;
}

/** A multipart body built by the platform's FormData, as a browser would send it. */
export async function multipart(fields: Record<string, string | UploadFile>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(key, value);
    else form.append(key, new Blob([new Uint8Array(value.body)], { type: value.type }), value.name);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

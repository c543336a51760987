import { CODE_GUESS_LIMIT } from '@postwise/shared/schemas/accounts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCounterStore } from '../../../lib/counter-store';
import { hashToken } from '../../../lib/tokens';
import { oneTimeCodes } from '../schema/one-time-codes';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeKit, nextIp } from './applicant-test-kit';

/**
 * A 4-digit code can be guessed over days whatever the per-code limit: after ten wrong codes for an account
 * within a day, a code works only together with the token of its e-mail's one-click link; the link alone
 * proves the mailbox; the owner is warned once and is never kept from recovering by someone else's guessing.
 */

let t: TestApp;
let kit: ReturnType<typeof makeKit>;

beforeAll(async () => {
  // Counter windows on the test's clock, so a test can let the 15-minute e-mail window pass.
  t = await createTestApp({ counters: new MemoryCounterStore(() => t.clock.now().getTime()) });
  kit = makeKit(t);
});

afterAll(async () => {
  await t.close();
});

const LINK_REQUIRED =
  'For your security, this code works only with the link in the same e-mail. Open the link in the newest e-mail we sent you.';

const wrongFor = (code: string) => String((Number(code) + 1) % 10000).padStart(4, '0');

/** A forgot-password code for `email` as its owner receives it: the id, the 4 digits and the link's token. */
async function forgotCode(email: string) {
  const res = await kit.post('auths/forgot-password', { email, authMethod: 'email' });
  expect(res.statusCode).toBe(200);
  await t.app.background.idle();
  return {
    authTokenId: res.json().data.authTokenId as string,
    code: await kit.lastCode(email),
    linkToken: await kit.lastLinkToken(email),
  };
}

/** Five wrong tries of one code, each from another client address (the attacker rotates IPs). */
async function guessWrong(authTokenId: string, code: string, times = 5) {
  for (let i = 0; i < times; i++) {
    const res = await kit.post('auths/verify-otp', { authTokenId, activationCode: wrongFor(code) });
    expect(res.statusCode).toBe(422);
  }
}

const alertsTo = async (email: string) =>
  (await t.outbox()).filter((m) => m.to === email && m.subject.includes('guessing codes'));

describe('code e-mails carry a one-click link', () => {
  it('links /verify?linkToken=… with a long random token whose hash alone is stored', async () => {
    const { email } = await kit.register();
    const mail = (await t.outbox()).find((m) => m.to === email)!;
    const token = await kit.lastLinkToken(email);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(mail.text).toContain(`${t.config.publicUrl}/verify?linkToken=${token}`);
    expect(mail.html).toContain(`/verify?linkToken=${token}`);
    const [row] = await t.database.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.linkTokenHash, hashToken(token)));
    expect(row?.linkTokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('opens the reset step with the link alone, once; the same e-mail’s code is then spent', async () => {
    const { email } = await kit.register();
    const { authTokenId, code, linkToken } = await forgotCode(email);
    const res = await kit.post('auths/verify-link', { linkToken });
    expect(res.statusCode).toBe(200);
    const { id, accessToken } = res.json().data;
    const reset = await kit.post(
      'auths/reset-password',
      { password: 'Fresh-Lantern-77', userId: id },
      { token: accessToken },
    );
    expect(reset.statusCode).toBe(200);
    const again = await kit.post('auths/verify-link', { linkToken });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This link is no longer valid. Please request a new e-mail.');
    const spent = await kit.post('auths/verify-otp', { authTokenId, activationCode: code });
    expect(spent.json().message).toBe('This code is no longer valid. Please request a new one.');
  });

  it('refuses an unknown, malformed or superseded link with 422', async () => {
    const { email } = await kit.register();
    const first = await forgotCode(email);
    await forgotCode(email);
    for (const linkToken of ['A'.repeat(43), 'short', first.linkToken]) {
      const res = await kit.post('auths/verify-link', { linkToken });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: { linkToken: expect.any(String) } });
    }
  });
});

describe(`after ${CODE_GUESS_LIMIT} wrong codes for an account within a day`, () => {
  it('refuses the right reset code alone, takes it with its link token, and warns the owner once', async () => {
    const { email } = await kit.register();
    const first = await forgotCode(email);
    await guessWrong(first.authTokenId, first.code);
    const second = await forgotCode(email);
    await guessWrong(second.authTokenId, second.code);
    expect(await alertsTo(email)).toHaveLength(1);

    const third = await forgotCode(email);
    const alone = await kit.post('auths/verify-otp', { authTokenId: third.authTokenId, activationCode: third.code });
    expect(alone.statusCode).toBe(422);
    expect(alone.json()).toMatchObject({ message: LINK_REQUIRED, errors: { activationCode: LINK_REQUIRED } });
    // A wrong code answers the same: the digits tell nothing any more; nor does another e-mail's link help.
    const wrong = await kit.post('auths/verify-otp', {
      authTokenId: third.authTokenId,
      activationCode: wrongFor(third.code),
    });
    expect(wrong.json().message).toBe(LINK_REQUIRED);
    const otherLink = await kit.post('auths/verify-otp', {
      authTokenId: third.authTokenId,
      activationCode: third.code,
      linkToken: first.linkToken,
    });
    expect(otherLink.json().message).toBe(LINK_REQUIRED);
    await guessWrong(third.authTokenId, third.code);
    // One warning for the whole episode, not one per guess.
    expect(await alertsTo(email)).toHaveLength(1);
    const alert = (await alertsTo(email))[0]!;
    expect(alert.text).toContain('Your password was not changed.');

    const withLink = await kit.post('auths/verify-otp', {
      authTokenId: third.authTokenId,
      activationCode: third.code,
      linkToken: third.linkToken,
    });
    expect(withLink.statusCode).toBe(200);
    expect(withLink.json().data).toMatchObject({ id: expect.any(String), accessToken: expect.any(String) });
  });

  it('applies the same rule to the registration code; the link alone verifies the e-mail', async () => {
    const reg = await kit.register();
    const firstCode = await kit.lastCode(reg.email);
    await guessWrong(reg.authTokenId, firstCode);
    const resent = await kit.post('auths/resend-code', { authTokenId: reg.authTokenId });
    const secondId = resent.json().data.authTokenId as string;
    await guessWrong(secondId, await kit.lastCode(reg.email));
    const resentAgain = await kit.post('auths/resend-code', { authTokenId: secondId });
    const thirdId = resentAgain.json().data.authTokenId as string;
    const alone = await kit.post('auths/verify-otp', {
      authTokenId: thirdId,
      activationCode: await kit.lastCode(reg.email),
    });
    expect(alone.json().message).toBe(LINK_REQUIRED);
    expect(await alertsTo(reg.email)).toHaveLength(1);

    const link = await kit.post('auths/verify-link', { linkToken: await kit.lastLinkToken(reg.email) });
    expect(link.statusCode).toBe(200);
    expect(link.json().data.user).toMatchObject({ id: reg.user.id, additionalInfo: { currentStep: 'account-type' } });
  });

  it('lets the code alone work again after a day without wrong codes', async () => {
    const { email } = await kit.register();
    const first = await forgotCode(email);
    await guessWrong(first.authTokenId, first.code);
    const second = await forgotCode(email);
    await guessWrong(second.authTokenId, second.code);
    t.clock.advance(24 * 60 * 60_000 + 1000);
    const fresh = await forgotCode(email);
    const res = await kit.post('auths/verify-otp', { authTokenId: fresh.authTokenId, activationCode: fresh.code });
    expect(res.statusCode).toBe(200);
  });
});

describe("the owner's own request", () => {
  it('is never refused while strangers ask for codes and guess them, and its e-mail link works', async () => {
    const { email } = await kit.register();
    t.clock.advance(15 * 60_000 + 1000); // the registration e-mail's window is over
    for (let i = 0; i < 40; i++) {
      const res = await kit.post('auths/forgot-password', { email, authMethod: 'email' }, { ip: nextIp() });
      expect(res.statusCode).toBe(200);
      const id = res.json().data.authTokenId as string;
      await kit.post('auths/verify-otp', { authTokenId: id, activationCode: '0000' });
    }
    await t.app.background.idle();
    const since = t.clock.now().getTime() - 15 * 60_000;
    const recent = (await t.outbox()).filter((m) => m.to === email && Date.parse(m.createdAt) >= since);
    // The stranger's requests are bounded: at most five code e-mails (plus the one warning) reach the inbox.
    expect(recent.filter((m) => m.subject.includes('password reset code')).length).toBeLessThanOrEqual(5);

    const own = await kit.post('auths/forgot-password', { email, authMethod: 'email' }, { ip: nextIp() });
    expect(own.statusCode).toBe(200);
    await t.app.background.idle();
    const link = await kit.post('auths/verify-link', { linkToken: await kit.lastLinkToken(email) });
    expect(link.statusCode).toBe(200);
    expect(link.json().data).toMatchObject({ id: expect.any(String), accessToken: expect.any(String) });
  });

  it('gets a new e-mail with a working link once the window has passed', async () => {
    const { email } = await kit.register();
    for (let i = 0; i < 10; i++) await kit.post('auths/forgot-password', { email, authMethod: 'email' });
    t.clock.advance(15 * 60_000 + 1000);
    const before = (await t.outbox()).filter((m) => m.to === email).length;
    const own = await forgotCode(email);
    expect((await t.outbox()).filter((m) => m.to === email).length).toBe(before + 1);
    expect((await kit.post('auths/verify-link', { linkToken: own.linkToken })).statusCode).toBe(200);
  });
});

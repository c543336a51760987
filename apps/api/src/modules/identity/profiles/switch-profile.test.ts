import { describe, expect, it } from 'vitest';
import { suiteApp } from '../../../test/suite-app';

const suite = suiteApp();

const switchTo = (accountType: unknown, token?: string) =>
  suite.t.app.inject({
    method: 'POST',
    url: '/api/v1/profiles/switch-profile',
    payload: { accountType },
    headers: token ? { 'x-access-Token': token } : {},
  });

describe('POST /api/v1/profiles/switch-profile', () => {
  it('switches a customer holding both profiles and answers the new profile state', async () => {
    const token = await suite.t.login('user@example.com');
    const res = await switchTo('shipment', token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      activeProfile: { currentProfile: 'shipment' },
      profiles: { shipment: { status: 'active' }, mailbox: { status: 'active' } },
    });
    const back = await switchTo('mailbox', token);
    expect(back.json().data.activeProfile.currentProfile).toBe('mailbox');
  });

  it('refuses a profile the account does not hold (422)', async () => {
    const res = await switchTo('mailbox', await suite.t.login('shipper@example.com'));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('You do not have this account. Please choose another one.');
  });

  it('answers 422 for an unknown account type and 401 without a session', async () => {
    const token = await suite.t.login('user@example.com');
    const res = await switchTo('both', token);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Please choose Shipping Account or Mailbox Account.');
    expect((await switchTo('shipment')).statusCode).toBe(401);
  });

  it('refuses a super admin, who holds no account type (422)', async () => {
    const token = await suite.t.login('superadmin@example.com');
    expect((await switchTo('shipment', token)).statusCode).toBe(422);
  });
});

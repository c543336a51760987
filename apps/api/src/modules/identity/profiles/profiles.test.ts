import { describe, expect, it } from 'vitest';
import { suiteApp } from '../../../test/suite-app';

const suite = suiteApp();

async function signIn(email: string) {
  const res = await suite.t.app.inject({
    method: 'POST',
    url: '/api/v1/auths/login',
    payload: { email, password: 'Demo1234!' },
  });
  const { accessToken, user } = res.json().data;
  return { token: accessToken as string, profileId: user.profile as string };
}

const getProfile = (profileId: string, token?: string) =>
  suite.t.app.inject({
    method: 'GET',
    url: `/api/v1/profiles/${profileId}`,
    headers: token ? { 'x-access-Token': token } : {},
  });

describe('GET /api/v1/profiles/:profileId', () => {
  it('answers the owner the spec 3 profile state of a user with both profiles', async () => {
    const { token, profileId } = await signIn('user@example.com');
    const res = await getProfile(profileId, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      isSuccess: true,
      data: {
        id: profileId,
        activeProfile: { currentProfile: 'mailbox' },
        profiles: { shipment: { status: 'active' }, mailbox: { status: 'active' } },
      },
    });
  });

  it.each([
    ['shipper@example.com', 'shipment', 'active', 'none'],
    ['mailbox@example.com', 'mailbox', 'none', 'active'],
  ])('answers %s its single profile', async (email, current, shipment, mailbox) => {
    const { token, profileId } = await signIn(email);
    const res = await getProfile(profileId, token);
    expect(res.json().data).toMatchObject({
      activeProfile: { currentProfile: current },
      profiles: { shipment: { status: shipment }, mailbox: { status: mailbox } },
    });
  });

  it("answers 403 for another user's profile", async () => {
    const { profileId } = await signIn('user@example.com');
    const other = await signIn('shipper@example.com');
    const res = await getProfile(profileId, other.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      isSuccess: false,
      code: 'FORBIDDEN',
      message: 'You do not have permission to do this.',
    });
  });

  it('answers 401 without a session', async () => {
    const { profileId } = await signIn('user@example.com');
    const res = await getProfile(profileId);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it('answers 404 for an unknown profile id', async () => {
    const { token } = await signIn('user@example.com');
    const res = await getProfile('7b1f2c4e-93a4-4c1e-8f5d-2a6b9c0d1e2f', token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ isSuccess: false, code: 'NOT_FOUND', message: 'Profile not found' });
  });

  it('answers 422 for an id that is not a UUID', async () => {
    const { token } = await signIn('user@example.com');
    const res = await getProfile('not-a-uuid', token);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Profile id is invalid.',
      errors: { profileId: 'Profile id is invalid.' },
    });
  });
});

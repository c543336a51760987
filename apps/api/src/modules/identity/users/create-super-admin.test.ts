import { describe, expect, it } from 'vitest';
import { suiteApp } from '../../../test/suite-app';
import { createSuperAdmin } from './create-super-admin';

const suite = suiteApp({ seed: false });

describe('createSuperAdmin (npm run create-super-admin)', () => {
  it('creates a super admin who can sign in', async () => {
    await createSuperAdmin(suite.t.database.db, {
      email: 'Owner@Company.com',
      password: 'a long secret 42',
      name: 'Grace Hopper',
    });
    const res = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/auths/login',
      payload: { email: 'owner@company.com', password: 'a long secret 42' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({
      email: 'owner@company.com',
      role: { code: 'SUPER_ADMIN' },
      personal: { fullName: 'Grace Hopper' },
      additionalInfo: { currentStep: null },
    });
  });

  it('refuses an e-mail that already has an account', async () => {
    await expect(
      createSuperAdmin(suite.t.database.db, { email: 'OWNER@company.com', password: 'another secret 42' }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('refuses a short password and an invalid e-mail', async () => {
    await expect(createSuperAdmin(suite.t.database.db, { email: 'a@b.co', password: 'short' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    await expect(
      createSuperAdmin(suite.t.database.db, { email: 'nope', password: 'a long secret 42' }),
    ).rejects.toMatchObject({ message: 'Email is invalid.' });
  });
});

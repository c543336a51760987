import type { User } from '@postwise/shared/api-types';

/** An active account of `role` for the web tests, with every field the API answers for a signed-in user. */
export function testUser(overrides: Partial<User> & { role: User['role'] }): User {
  return {
    id: 'u1',
    email: 'u1@example.com',
    accountType: null,
    parentUser: null,
    isSuperSubAdmin: false,
    profile: null,
    tier: null,
    status: 'active',
    personal: { fullName: 'Test User' },
    configuration: { lightLogo: null, darkLogo: null },
    additionalInfo: { currentStep: null },
    mailboxType: null,
    business: null,
    authorizedIndividual: null,
    isCourtProtected: false,
    signature: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The account `id` (e-mail `{id}@example.com`) of `role`; a customer has both profiles, the first `p-{id}`. */
export function userWithRole(id: string, role: User['role']['code'], fullName = `${id} name`): User {
  return testUser({
    id,
    email: `${id}@example.com`,
    role: { code: role },
    accountType: role === 'USER' ? 'both' : null,
    profile: role === 'USER' ? `p-${id}` : null,
    personal: { fullName },
  });
}

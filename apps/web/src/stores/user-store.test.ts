import { beforeEach, describe, expect, it } from 'vitest';
import type { User } from '@postwise/shared/api-types';
import { listStores } from './list-stores';
import { usePolicyAndTermsStore } from './policy-and-terms-store';
import { useProfileStore } from './profile-store';
import { useRegisterStore } from './register-store';
import { useSubscriptionStore } from './subscription-store';
import { impersonationExitPath, useUserStore, type StackedAccount } from './user-store';
import { userWithRole } from '../test/users';
import { bothProfilesActive, signOutFully } from '../test/session';

const makeUser = userWithRole;

const admin = makeUser('admin', 'SUPER_ADMIN');
const customer = makeUser('cust', 'USER');
const profile = bothProfilesActive('p-cust');

beforeEach(signOutFully);

describe('user store (spec 4)', () => {
  it('login stores session, user and authenticated and clears the account stack', () => {
    useUserStore.setState({ accountStack: [{ user: customer, session: { accessToken: 'old' } }] });
    useUserStore.getState().login({ accessToken: 't1', user: admin });
    const s = useUserStore.getState();
    expect(s.session).toEqual({ accessToken: 't1' });
    expect(s.user).toEqual(admin);
    expect(s.authenticated).toBe(true);
    expect(s.accountStack).toEqual([]);
  });

  it('persists under user-storage', () => {
    useUserStore.getState().login({ accessToken: 't1', user: admin });
    const saved = JSON.parse(localStorage.getItem('user-storage') ?? '{}') as { state: { session: unknown } };
    expect(saved.state.session).toEqual({ accessToken: 't1' });
  });

  it('logout clears everything and resets every list store and the other persisted stores', () => {
    useUserStore.getState().login({ accessToken: 't1', user: customer });
    useUserStore.getState().setConfigurationUnlocked(true);
    useProfileStore.getState().setProfile(profile);
    useSubscriptionStore.getState().setSubscription({ status: 'active' });
    useRegisterStore.getState().setPending({ email: 'a@b.c', authTokenId: 'x', type: 'register' });
    usePolicyAndTermsStore.getState().setPolicyAndTerms({ termsHtml: '<p>t</p>' });
    listStores.customers.getState().setResult({ items: [{ id: 'c1' }], total: 1 });

    useUserStore.getState().logout();

    const s = useUserStore.getState();
    expect([s.session, s.user, s.authenticated, s.accountStack, s.configurationUnlocked]).toEqual([
      null,
      null,
      false,
      [],
      false,
    ]);
    expect(useProfileStore.getState().profile).toBeNull();
    expect(useSubscriptionStore.getState().status).toBe('none');
    expect(useRegisterStore.getState().email).toBeNull();
    expect(usePolicyAndTermsStore.getState().termsHtml).toBe('');
    expect(listStores.customers.getState().entities).toEqual([]);
  });

  it('accessAccount pushes the current account onto the stack and switches to the other one', () => {
    useUserStore.getState().login({ accessToken: 'admin-token', user: admin });
    useUserStore.getState().setConfigurationUnlocked(true);
    useUserStore.getState().accessAccount({ accessToken: 'cust-token', user: customer });
    const s = useUserStore.getState();
    expect(s.user).toEqual(customer);
    expect(s.session).toEqual({ accessToken: 'cust-token' });
    expect(s.accountStack).toEqual([{ user: admin, session: { accessToken: 'admin-token' } }]);
    expect(s.configurationUnlocked).toBe(false);
  });

  it('revert pops the stack, restores the previous account and answers the account left', () => {
    useUserStore.getState().login({ accessToken: 'admin-token', user: admin });
    useUserStore.getState().accessAccount({ accessToken: 'cust-token', user: customer });
    useProfileStore.getState().setProfile(profile);
    const left = useUserStore.getState().revert();
    const s = useUserStore.getState();
    expect(left).toEqual(customer);
    expect(s.user).toEqual(admin);
    expect(s.session).toEqual({ accessToken: 'admin-token' });
    expect(s.accountStack).toEqual([]);
    expect(useProfileStore.getState().profile).toBeNull();
  });

  it('revert with an empty stack changes nothing', () => {
    useUserStore.getState().login({ accessToken: 'admin-token', user: admin });
    expect(useUserStore.getState().revert()).toBeNull();
    expect(useUserStore.getState().user).toEqual(admin);
  });
});

describe('impersonation Exit target (spec 4)', () => {
  const subA = makeUser('subA', 'SUB_ADMIN');
  const subB = makeUser('subB', 'SUB_ADMIN');
  const entry = (user: User): StackedAccount => ({ user, session: { accessToken: user.id } });

  it('goes to Customers when the account left is a USER', () => {
    expect(impersonationExitPath(customer, [entry(admin)])).toBe('/customers');
  });

  it('goes to Referred Clients when a SUB_ADMIN is left and exactly one SUB_ADMIN is in the stack', () => {
    expect(impersonationExitPath(subB, [entry(subA)])).toBe('/referred-clients');
  });

  it('goes to Sub Admins otherwise', () => {
    expect(impersonationExitPath(subA, [entry(admin)])).toBe('/sub-admins');
    expect(impersonationExitPath(subB, [entry(subA), entry(makeUser('subC', 'SUB_ADMIN'))])).toBe('/sub-admins');
  });
});

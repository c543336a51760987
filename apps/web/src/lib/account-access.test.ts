import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSubscriptionStore } from '../stores/subscription-store';
import { useUserStore } from '../stores/user-store';
import { exitAccountAccess } from './account-access';
import { userWithRole } from '../test/users';
import { signOutFully } from '../test/session';

const makeUser = userWithRole;

const superAdmin = makeUser('sa', 'SUPER_ADMIN');
const superSub = makeUser('sub', 'SUB_ADMIN');
const referred = makeUser('ref', 'SUB_ADMIN');
const customer = makeUser('cust', 'USER');

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  signOutFully();
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(new Response(JSON.stringify({ isSuccess: true, data: null }), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('exitAccountAccess (spec 4, Impersonation Exit)', () => {
  it('locks the config area, resets the subscription, reverts, then ends the acting session on the server', async () => {
    useUserStore.getState().login({ accessToken: 'admin-token', user: superAdmin });
    useUserStore.getState().accessAccount({ accessToken: 'acting-token', user: customer });
    useUserStore.getState().setConfigurationUnlocked(true);
    useSubscriptionStore.getState().setSubscription({ status: 'active' });
    // The acting session ends on the server once the admin's session is current again.
    let currentWhenEnded: string | undefined;
    fetchMock.mockImplementationOnce(() => {
      currentWhenEnded = useUserStore.getState().session?.accessToken;
      return Promise.resolve(new Response(JSON.stringify({ isSuccess: true, data: null }), { status: 200 }));
    });

    const path = exitAccountAccess();

    expect(path).toBe('/customers');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/\/api\/v1\/auths\/revert$/);
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>)['x-access-Token']).toBe('acting-token');
    expect(currentWhenEnded).toBe('admin-token');
    const state = useUserStore.getState();
    expect(state.user?.id).toBe('sa');
    expect(state.session?.accessToken).toBe('admin-token');
    expect(state.accountStack).toEqual([]);
    expect(state.configurationUnlocked).toBe(false);
    expect(useSubscriptionStore.getState().status).toBe('none');
  });

  it('goes to Referred Clients when a SUB_ADMIN is left and exactly one SUB_ADMIN is in the stack', async () => {
    useUserStore.getState().login({ accessToken: 't-sub', user: superSub });
    useUserStore.getState().accessAccount({ accessToken: 't-ref', user: referred });
    expect(exitAccountAccess()).toBe('/referred-clients');
  });

  it('goes to Sub Admins when a SUB_ADMIN is left from the super admin', async () => {
    useUserStore.getState().login({ accessToken: 't-sa', user: superAdmin });
    useUserStore.getState().accessAccount({ accessToken: 't-sub', user: superSub });
    expect(exitAccountAccess()).toBe('/sub-admins');
  });

  it('still returns the admin when the server call fails (an expired acting session)', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ isSuccess: false, message: 'Session expired' }), { status: 401 }),
    );
    useUserStore.getState().login({ accessToken: 't-sa', user: superAdmin });
    useUserStore.getState().accessAccount({ accessToken: 't-cust', user: customer });
    expect(exitAccountAccess()).toBe('/customers');
    expect(useUserStore.getState().user?.id).toBe('sa');
    expect(useUserStore.getState().authenticated).toBe(true);
  });

  it('answers null and calls nothing without an account stack', async () => {
    useUserStore.getState().login({ accessToken: 't-sa', user: superAdmin });
    expect(exitAccountAccess()).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

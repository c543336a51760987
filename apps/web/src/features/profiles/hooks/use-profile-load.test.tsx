import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ProfileState, User } from '@postwise/shared/api-types';
import { useProfileStore } from '../../../stores/profile-store';
import { useUserStore } from '../../../stores/user-store';
import { useProfileLoad } from './use-profile-load';

const getById = vi.fn();
vi.mock('../../../lib/api-client', () => ({ getById: (...args: unknown[]) => getById(...args) }));

const USER = {
  id: 'u1',
  email: 'applicant@example.com',
  role: { code: 'USER' },
  accountType: 'mailbox',
  profile: 'p1',
  personal: { fullName: 'Ada Applicant' },
} as unknown as User;

function profile(mailbox: 'pending' | 'active'): ProfileState {
  return {
    id: 'p1',
    activeProfile: { currentProfile: 'mailbox' },
    profiles: { shipment: { status: 'none' }, mailbox: { status: mailbox } },
  };
}

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

afterEach(() => {
  cleanup();
  getById.mockReset();
  useProfileStore.getState().reset();
});

describe('useProfileLoad (spec 4 profile load)', () => {
  it('reads the profile fresh on load even when one is kept from before, so an approval shows after a reload', async () => {
    useUserStore.setState({ user: USER, session: { accessToken: 't' }, authenticated: true });
    // Kept in profile-storage from the visit before the approval.
    useProfileStore.getState().setProfile(profile('pending'));
    getById.mockResolvedValue(profile('active'));

    const { result } = renderHook(() => useProfileLoad(), { wrapper });
    // The kept profile is shown at once (no loader), and replaced when the fresh one arrives.
    expect(result.current.loading).toBe(false);
    await waitFor(() => expect(useProfileStore.getState().profile?.profiles.mailbox.status).toBe('active'));
    expect(getById).toHaveBeenCalledWith('profiles', 'p1');
  });

  it('keeps the kept profile and stays signed in when the background refresh fails', async () => {
    useUserStore.setState({ user: USER, session: { accessToken: 't' }, authenticated: true });
    useProfileStore.getState().setProfile(profile('pending'));
    getById.mockRejectedValue(new Error('offline'));

    renderHook(() => useProfileLoad(), { wrapper });
    await waitFor(() => expect(getById).toHaveBeenCalled());
    expect(useUserStore.getState().user?.id).toBe('u1');
    expect(useProfileStore.getState().profile?.profiles.mailbox.status).toBe('pending');
  });
});

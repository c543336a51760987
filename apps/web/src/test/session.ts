import type { ProfileState } from '@postwise/shared/api-types';
import { useUserStore } from '../stores/user-store';

/** Signed out with nothing remembered in storage: where each test of the session starts. */
export function signOutFully(): void {
  localStorage.clear();
  useUserStore.getState().logout();
}

/** The profile `id` of a customer with both profiles active, the mailbox one current. */
export function bothProfilesActive(id: string): ProfileState {
  return {
    id,
    activeProfile: { currentProfile: 'mailbox' },
    profiles: { shipment: { status: 'active' }, mailbox: { status: 'active' } },
  };
}

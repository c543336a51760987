import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileState } from '@postwise/shared/api-types';
import { getById, post } from '../../../lib/api-client';
import { useProfileStore } from '../../../stores/profile-store';

/** POST auths/logout revokes the session; the client forgets it either way. */
export async function logoutRequest(accessToken: string | null): Promise<void> {
  if (!accessToken) return;
  await post<unknown>('auths/logout', undefined, { accessToken, skipSessionCheck: true });
}

/** Switch to Shipment Account (spec 2.8): POST profiles/switch-profile, then the profile state is reloaded. */
export function useSwitchToShipment(profileId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await post<unknown>('profiles/switch-profile', { accountType: 'shipment' });
      const { setProfile, setCurrentProfile } = useProfileStore.getState();
      try {
        if (!profileId) throw new Error('no profile id');
        setProfile(await getById<ProfileState>('profiles', profileId));
      } catch {
        setCurrentProfile('shipment');
      }
      await queryClient.invalidateQueries();
    },
  });
}

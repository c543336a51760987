import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileKind } from '@postwise/shared/roles';
import { post } from '../../../lib/api-client';
import { useProfileStore } from '../../../stores/profile-store';
import { getProfile, profileKeys } from './get-profile';

/** POST profiles/switch-profile with the chosen account type (spec 7); the answer is unused. */
export function switchProfileRequest(kind: ProfileKind): Promise<unknown> {
  return post<unknown>('profiles/switch-profile', { accountType: kind });
}

/** Switch, then take the server's profile state (or the chosen kind, if the reload fails). */
export function useSwitchProfile(profileId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (kind: ProfileKind) => {
      await switchProfileRequest(kind);
      const { setProfile, setCurrentProfile } = useProfileStore.getState();
      if (!profileId) {
        setCurrentProfile(kind);
        return;
      }
      try {
        const profile = await getProfile(profileId);
        queryClient.setQueryData(profileKeys.detail(profileId), profile);
        setProfile(profile);
      } catch {
        setCurrentProfile(kind);
      }
    },
  });
}

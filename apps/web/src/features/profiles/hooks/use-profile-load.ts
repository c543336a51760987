import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useProfileStore } from '../../../stores/profile-store';
import { useUserStore } from '../../../stores/user-store';
import { profileQueryOptions } from '../api/get-profile';
import { showError } from '../../../lib/toast';

export const PROFILE_LOAD_FAILED = 'Failed to load profile. Logging out...';

/**
 * Profile load of spec 4: for a non-SUB_ADMIN user with a profile id and no current profile, fetch the
 * profile; on failure say 'Failed to load profile. Logging out...' and log out.
 */
export function useProfileLoad(): { loading: boolean } {
  const user = useUserStore((s) => s.user);
  const logout = useUserStore((s) => s.logout);
  const profile = useProfileStore((s) => s.profile);
  const setProfile = useProfileStore((s) => s.setProfile);

  const profileId = user?.profile ?? null;
  const needed = !!user && user.role.code !== 'SUB_ADMIN' && !!profileId && !profile?.activeProfile?.currentProfile;

  const query = useQuery({ ...profileQueryOptions(profileId ?? ''), enabled: needed });

  useEffect(() => {
    if (needed && query.data) setProfile(query.data);
  }, [needed, query.data, setProfile]);

  useEffect(() => {
    if (needed && query.isError) {
      showError(PROFILE_LOAD_FAILED);
      logout();
    }
  }, [needed, query.isError, logout]);

  return { loading: needed && (query.isPending || (query.isSuccess && profile !== query.data)) };
}

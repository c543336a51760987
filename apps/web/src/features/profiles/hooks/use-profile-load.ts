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
 *
 * A profile kept in profile-storage from an earlier visit is shown at once but read again in the background on
 * every load: the mailbox application may have been approved (or sent back) since, and a stale "under review"
 * after a reload is wrong. A failed background read keeps the kept profile (the user is not logged out for it).
 */
export function useProfileLoad(): { loading: boolean } {
  const user = useUserStore((s) => s.user);
  const logout = useUserStore((s) => s.logout);
  const profile = useProfileStore((s) => s.profile);
  const setProfile = useProfileStore((s) => s.setProfile);

  const profileId = user?.profile ?? null;
  const applies = !!user && user.role.code !== 'SUB_ADMIN' && !!profileId;
  const needed = applies && !profile?.activeProfile?.currentProfile;

  const query = useQuery({
    ...profileQueryOptions(profileId ?? ''),
    enabled: applies,
    // While the application waits for review, coming back to the tab shows the decision without a reload.
    refetchOnWindowFocus: profile?.profiles.mailbox.status === 'pending' ? 'always' : false,
  });

  useEffect(() => {
    if (applies && query.data) setProfile(query.data);
  }, [applies, query.data, setProfile]);

  useEffect(() => {
    if (needed && query.isError) {
      showError(PROFILE_LOAD_FAILED);
      logout();
    }
  }, [needed, query.isError, logout]);

  return { loading: needed && (query.isPending || (query.isSuccess && profile !== query.data)) };
}

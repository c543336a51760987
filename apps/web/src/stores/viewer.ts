import { useShallow } from 'zustand/react/shallow';
import type { Viewer } from '@postwise/shared/access';
import type { ProfileState, User } from '@postwise/shared/api-types';
import { useProfileStore } from './profile-store';
import { selectIsAuthenticated, useUserStore, type UserState } from './user-store';

/** The viewer the shared access rules (spec 2.3, 2.4) judge, or null when logged out. */
export function viewerFrom(userState: UserState, profile: ProfileState | null): Viewer | null {
  if (!selectIsAuthenticated(userState) || !userState.user) return null;
  const user: User = userState.user;
  return {
    role: user.role.code,
    accountType: user.accountType,
    currentProfile: profile?.activeProfile?.currentProfile ?? null,
    isSuperSubAdmin: user.isSuperSubAdmin,
    configurationUnlocked: userState.configurationUnlocked,
  };
}

export function useViewer(): Viewer | null {
  const userState = useUserStore(
    useShallow(({ session, user, authenticated, accountStack, configurationUnlocked }) => ({
      session,
      user,
      authenticated,
      accountStack,
      configurationUnlocked,
    })),
  );
  const profile = useProfileStore((s) => s.profile);
  // A fresh object each render is fine: callers only read fields.
  return viewerFrom(userState, profile);
}

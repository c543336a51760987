import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_NAMES } from '@postwise/shared/constants';
import type { ProfileState } from '@postwise/shared/api-types';
import type { ProfileKind } from '@postwise/shared/roles';

interface ProfileStore {
  profile: ProfileState | null;
  setProfile: (profile: ProfileState | null) => void;
  /** Records a profile switch (spec 2.7) without waiting for a reload. */
  setCurrentProfile: (kind: ProfileKind) => void;
  reset: () => void;
}

export const useProfileStore = create<ProfileStore>()(
  persist(
    (set) => ({
      profile: null,
      setProfile: (profile) => set({ profile }),
      setCurrentProfile: (kind) =>
        set((s) => (s.profile ? { profile: { ...s.profile, activeProfile: { currentProfile: kind } } } : s)),
      reset: () => set({ profile: null }),
    }),
    {
      name: STORAGE_NAMES.profile,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ profile: s.profile }),
    },
  ),
);

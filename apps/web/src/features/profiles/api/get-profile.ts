import { queryOptions } from '@tanstack/react-query';
import type { ProfileState } from '@postwise/shared/api-types';
import { getById } from '../../../lib/api-client';

export const profileKeys = {
  all: ['profiles'] as const,
  detail: (profileId: string) => [...profileKeys.all, profileId] as const,
};

/** GET profiles/{profileId} (spec 7). */
export function getProfile(profileId: string): Promise<ProfileState> {
  return getById<ProfileState>('profiles', profileId);
}

export function profileQueryOptions(profileId: string) {
  return queryOptions({
    queryKey: profileKeys.detail(profileId),
    queryFn: () => getProfile(profileId),
    staleTime: Infinity,
    retry: false,
  });
}

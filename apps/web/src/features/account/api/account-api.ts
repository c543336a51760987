import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountProfile,
  AccountSettings,
  NotificationPreferences,
  ProfileUpdateInput,
  ProfileUpdateResult,
  ReplaceableDocumentKind,
} from '@postwise/shared/account-settings';
import { useUserStore } from '../../../stores/user-store';
import { downloadBlob, post, postMultipart, put, request } from '../../../lib/api-client';

export const accountKeys = {
  all: ['account'] as const,
  profile: () => [...accountKeys.all, 'profile'] as const,
  settings: () => [...accountKeys.all, 'settings'] as const,
};

export function useAccountProfile() {
  return useQuery({
    queryKey: accountKeys.profile(),
    queryFn: () => request<AccountProfile>('GET', 'account-settings/profile'),
  });
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdateInput) => put<ProfileUpdateResult>('account-settings', 'profile', input),
    onSuccess: (result) => {
      client.setQueryData(accountKeys.profile(), result.profile);
      // The top bar shows the name from the signed-in user: keep it in step.
      useUserStore.getState().setUser((user) => ({
        ...user,
        personal: { ...user.personal, ...result.profile.personal, fullName: result.profile.personal.fullName ?? '' },
      }));
    },
  });
}

export function useReplaceDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: ReplaceableDocumentKind; idType: string | null; file: File }) =>
      postMultipart<ProfileUpdateResult>('account-settings/profile/documents', {
        kind: input.kind,
        ...(input.idType ? { idType: input.idType } : {}),
        file: input.file,
      }),
    onSuccess: (result) => client.setQueryData(accountKeys.profile(), result.profile),
  });
}

export function useAccountSettings() {
  return useQuery({
    queryKey: accountKeys.settings(),
    queryFn: () => request<AccountSettings>('GET', 'account-settings'),
  });
}

export function useSaveNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (prefs: NotificationPreferences) => put<AccountSettings>('account-settings', 'notifications', prefs),
    onSuccess: (settings) => client.setQueryData(accountKeys.settings(), settings),
  });
}

export function downloadAccountExport(): Promise<Blob> {
  return downloadBlob('account-settings/export', 'postwise-account-export.zip');
}

export function useCloseAccount() {
  return useMutation({
    mutationFn: (password: string) => post<{ closedAt: string }>('account-settings/close', { password }),
  });
}

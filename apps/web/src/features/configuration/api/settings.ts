import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@postwise/shared/api-types';
import type { AccountSetting, PolicyAndTermsContent } from '@postwise/shared/admin';
import type { LogoKind, PolicyAndTermsInput, SettingInput } from '@postwise/shared/schemas/admin';
import { del, get, put, uploadFile } from '../../../lib/api-client';
import { useUserStore } from '../../../stores/user-store';

export const settingsKeys = {
  account: ['settings', 'account'] as const,
  profile: ['settings', 'profile'] as const,
  policy: ['settings', 'policy-and-terms'] as const,
};

/** Keeps the signed-in user's configuration in step, so the sidebar's unlock check and the logos follow at once. */
function mergeIntoUser(setting: AccountSetting): void {
  useUserStore.getState().setUser((user) => ({
    ...user,
    configuration: {
      ...user.configuration,
      isPasswordProtected: setting.isPasswordProtected,
      lightLogo: setting.lightLogo,
      darkLogo: setting.darkLogo,
    },
  }));
}

export function useAccountSetting() {
  return useQuery({ queryKey: settingsKeys.account, queryFn: () => get<AccountSetting>('settings/account') });
}

export function useSetPasswordProtection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (isPasswordProtected: boolean) => put<AccountSetting>('settings', 'account', { isPasswordProtected }),
    onSuccess: (setting) => {
      client.setQueryData(settingsKeys.account, setting);
      mergeIntoUser(setting);
    },
  });
}

export function useUploadLogo(kind: LogoKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) =>
      uploadFile<AccountSetting>(`settings/logos/${kind}`, file, onProgress),
    onSuccess: (setting) => {
      client.setQueryData(settingsKeys.account, setting);
      mergeIntoUser(setting);
    },
  });
}

export function useRemoveLogo(kind: LogoKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => del<AccountSetting>('settings/logos', kind),
    onSuccess: (setting) => {
      client.setQueryData(settingsKeys.account, setting);
      mergeIntoUser(setting);
    },
  });
}

export function useSettingProfile() {
  return useQuery({ queryKey: settingsKeys.profile, queryFn: () => get<User>('settings/profile') });
}

export function useSaveSettingProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SettingInput) => put<User>('settings', 'profile', input),
    onSuccess: (user) => {
      client.setQueryData(settingsKeys.profile, user);
      useUserStore.getState().setUser((current) => ({ ...current, personal: user.personal }));
    },
  });
}

export function usePolicyAndTerms() {
  return useQuery({
    queryKey: settingsKeys.policy,
    queryFn: () => get<PolicyAndTermsContent>('settings/policy-and-terms'),
  });
}

export function useSavePolicyAndTerms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PolicyAndTermsInput) => put<PolicyAndTermsContent>('settings', 'policy-and-terms', input),
    onSuccess: (content) => client.setQueryData(settingsKeys.policy, content),
  });
}

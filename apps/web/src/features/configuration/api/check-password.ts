import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/api-client';

/** POST users/check-password (spec 7): answers isUnlocked. */
export function checkPassword(password: string): Promise<{ isUnlocked: boolean }> {
  return post<{ isUnlocked: boolean }>('users/check-password', { password });
}

export function useCheckPassword() {
  return useMutation({ mutationFn: checkPassword });
}

import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { AccessAccountResult } from '@postwise/shared/api-types';
import { post } from '../../../lib/api-client';
import { useUserStore } from '../../../stores/user-store';

/** POST auths/access-account/{userId}: a session for the managed account, recording who acts (spec 1, 4). */
export function accessAccountRequest(userId: string): Promise<AccessAccountResult> {
  return post<AccessAccountResult>(`auths/access-account/${encodeURIComponent(userId)}`);
}

/** Access account (spec 4): push the current account onto the stack, switch, and open the dashboard. */
export function useAccessAccount() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: accessAccountRequest,
    onSuccess: (result) => {
      // The app provider drops cached answers when the session changes: they belong to the other account.
      useUserStore.getState().accessAccount(result);
      navigate('/dashboard', { replace: true });
    },
  });
}

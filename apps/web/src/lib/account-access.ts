import { useCallback } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { useSubscriptionStore } from '../stores/subscription-store';
import { impersonationExitPath, useUserStore } from '../stores/user-store';
import { post } from './api-client';

/**
 * POST auths/revert with the acting session's token: the server ends it. A token that already died must not
 * log the admin out, so the session-loss rule is skipped here.
 */
export function revertAccessRequest(accessToken: string | null | undefined): Promise<null> {
  return post<null>('auths/revert', undefined, { accessToken: accessToken ?? undefined, skipSessionCheck: true });
}

/**
 * Exit of account access (spec 4), for the impersonation bar and the subscription screens' Exit Access:
 * locks the config area, resets the subscription and the other account stores, reverts to the previous account,
 * and answers where to go — Customers when the account left is a USER, Referred Clients when it is a SUB_ADMIN
 * and exactly one SUB_ADMIN is in the stack, else Sub Admins. Answers null when no account was being accessed.
 *
 * The acting session is ended on the server after the switch back, with its own token: the left account's page
 * may still have requests in flight, and their 401 once that session is gone must find the admin's session
 * current, which the session-loss rule then leaves alone. If the call fails (e.g. the session already expired)
 * the admin is back in their account all the same.
 */
export function exitAccountAccess(): string | null {
  const state = useUserStore.getState();
  const before = state.accountStack;
  if (before.length === 0) return null;
  const actingToken = state.session?.accessToken;
  state.setConfigurationUnlocked(false);
  useSubscriptionStore.getState().reset();
  const left = useUserStore.getState().revert();
  void revertAccessRequest(actingToken).catch(() => undefined);
  return left ? impersonationExitPath(left, before) : null;
}

/**
 * Exit for a button: switches back, then goes to the list. The switch is rendered first (flushSync), so a route
 * guard of the page still shown that refuses the account returned to (Referred Clients for a super admin) has
 * redirected before this navigation, which then wins over it.
 */
export function useExitAccountAccess(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    let path: string | null = null;
    flushSync(() => {
      path = exitAccountAccess();
    });
    if (path) void navigate(path, { replace: true });
  }, [navigate]);
}

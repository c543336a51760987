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
 * locks the config area, resets the subscription and the other account stores, ends the acting session on
 * the server, reverts to the previous account, and answers where to go — Customers when the account left is a
 * USER, Referred Clients when it is a SUB_ADMIN and exactly one SUB_ADMIN is in the stack, else Sub Admins.
 * Answers null when no account was being accessed.
 */
export async function exitAccountAccess(): Promise<string | null> {
  const state = useUserStore.getState();
  const before = state.accountStack;
  if (before.length === 0) return null;
  const actingToken = state.session?.accessToken;
  state.setConfigurationUnlocked(false);
  useSubscriptionStore.getState().reset();
  // If the server call fails (e.g. the session already expired) the admin still returns to their account.
  await revertAccessRequest(actingToken).catch(() => undefined);
  const left = useUserStore.getState().revert();
  return left ? impersonationExitPath(left, before) : null;
}

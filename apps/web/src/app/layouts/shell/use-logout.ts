import { useNavigate } from 'react-router';
import { logoutRequest } from '../../../features/auth/api/logout';
import { forgetPushDevice } from '../../../lib/push-device';
import { useUserStore } from '../../../stores/user-store';

/**
 * Log out: the client forgets the sessions at once and the server revokes them in the background. This device's
 * push subscription goes first, with the session still valid: the API stops sending here and the browser drops it,
 * so the next person on this device never sees the last one's notifications.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return () => {
    const { session, accountStack } = useUserStore.getState();
    const current = session?.accessToken ?? null;
    const stacked = accountStack.map((a) => a.session.accessToken);
    // Revoke on the server in the background, the accounts on the access stack too; the client forgets them at once.
    void forgetPushDevice(current ?? undefined)
      .catch(() => undefined)
      .finally(() => {
        for (const token of [current, ...stacked]) void logoutRequest(token).catch(() => undefined);
      });
    useUserStore.getState().logout();
    navigate('/login', { replace: true });
  };
}

import { useNavigate } from 'react-router';
import { logoutRequest } from '../../../features/auth/api/logout';
import { useUserStore } from '../../../stores/user-store';

/** Log out: the client forgets the sessions at once and the server revokes them in the background. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return () => {
    const { session, accountStack } = useUserStore.getState();
    // Revoke on the server in the background, the accounts on the access stack too; the client forgets them at once.
    for (const token of [session?.accessToken ?? null, ...accountStack.map((a) => a.session.accessToken)]) {
      void logoutRequest(token).catch(() => undefined);
    }
    useUserStore.getState().logout();
    navigate('/login', { replace: true });
  };
}

import { useNavigate } from 'react-router';
import { LogOut, Truck, UserRoundX } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useProfileStore } from '../../../stores/profile-store';
import { useExitAccountAccess } from '../../../lib/account-access';
import { forgetPushDevice } from '../../../lib/push-device';
import { useUserStore } from '../../../stores/user-store';
import { logoutRequest, useSwitchToShipment } from '../api/session-actions';
import { showError } from '../../../lib/toast';

export const SWITCH_FAILED = 'Failed to switch account. Please try again.';

/**
 * The ways out of a subscription screen (spec 2.8): Exit Access while accessing another account, Switch to
 * Shipment Account for a customer with a shipment profile, Cancel (log out) when no account stack exists.
 */
export function SubscriptionExitActions() {
  const navigate = useNavigate();
  // Same exit as the impersonation bar (spec 4).
  const exitAccess = useExitAccountAccess();
  const user = useUserStore((s) => s.user);
  const stackSize = useUserStore((s) => s.accountStack.length);
  const profile = useProfileStore((s) => s.profile);
  const switchToShipment = useSwitchToShipment(user?.profile ?? null);
  if (!user) return null;

  const hasShipment =
    user.role.code === 'USER' &&
    (profile?.profiles.shipment.status === 'active' ||
      (!profile && (user.accountType === 'shipment' || user.accountType === 'both')));

  const cancel = () => {
    const token = useUserStore.getState().session?.accessToken ?? null;
    // This device's push goes with the session (as in the shell's log out), before the session is revoked.
    void forgetPushDevice(token ?? undefined)
      .catch(() => undefined)
      .finally(() => logoutRequest(token).catch(() => undefined));
    useUserStore.getState().logout();
    navigate('/login', { replace: true });
  };
  const switchProfile = () =>
    switchToShipment.mutate(undefined, {
      onSuccess: () => navigate('/dashboard', { replace: true }),
      onError: () => showError(SWITCH_FAILED),
    });

  return (
    <div className="flex flex-wrap gap-2">
      {stackSize > 0 ? (
        <Button variant="outline" onClick={exitAccess}>
          <UserRoundX aria-hidden="true" />
          Exit Access
        </Button>
      ) : null}
      {hasShipment ? (
        <Button variant="outline" onClick={switchProfile} loading={switchToShipment.isPending}>
          <Truck aria-hidden="true" />
          Switch to Shipment Account
        </Button>
      ) : null}
      {stackSize === 0 ? (
        <Button variant="ghost" onClick={cancel}>
          <LogOut aria-hidden="true" />
          Cancel
        </Button>
      ) : null}
    </div>
  );
}

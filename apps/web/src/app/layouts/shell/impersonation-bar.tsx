import { LogOut, UserRoundCog } from 'lucide-react';
import { IMPERSONATION_BAR_HEIGHT_PX } from '@postwise/shared/constants';
import { Button } from '../../../components/ui/button';
import { useExitAccountAccess } from '../../../lib/account-access';
import { useUserStore } from '../../../stores/user-store';

/**
 * Spec 2.8: 'You are accessing {fullName or 'another account'}' with Exit, while the account stack holds
 * an account. Exit (spec 4) locks the config area, resets the subscription and the other account stores,
 * reverts to the previous account, goes to the list it came from, and ends the acting session on the server.
 */
export function ImpersonationBar() {
  const user = useUserStore((s) => s.user);
  const stack = useUserStore((s) => s.accountStack);
  const exit = useExitAccountAccess();
  if (stack.length === 0) return null;

  return (
    <div
      role="region"
      aria-label="Account access"
      data-testid="impersonation-bar"
      style={{ height: IMPERSONATION_BAR_HEIGHT_PX }}
      className="sticky top-0 z-40 flex items-center justify-center gap-3 bg-orange px-4 text-sm text-white"
    >
      <UserRoundCog aria-hidden="true" className="hidden size-4 shrink-0 sm:block" />
      <p className="truncate font-medium">You are accessing {user?.personal?.fullName?.trim() || 'another account'}</p>
      <Button
        size="sm"
        variant="outline"
        onClick={exit}
        data-testid="impersonation-exit"
        className="h-7 border-white/60 bg-transparent text-white hover:bg-white/15"
      >
        <LogOut aria-hidden="true" />
        Exit
      </Button>
    </div>
  );
}

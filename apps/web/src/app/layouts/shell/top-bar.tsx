import { Link, useNavigate } from 'react-router';
import { KeyRound, LogOut } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { logoutRequest } from '../../../features/auth/api/logout';
import { NotificationBell } from '../../../features/notifications/components/notification-bell';
import { ProfileSwitcher } from '../../../features/profiles/components/profile-switcher';
import { useUserStore } from '../../../stores/user-store';
import type { RoleCode } from '@postwise/shared/roles';

const ROLE_LABEL: Record<RoleCode, string> = {
  SUPER_ADMIN: 'Super Admin',
  SUB_ADMIN: 'Sub Admin',
  USER: 'Customer',
};

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** Top bar of the shell: profile switcher (USER with both profiles), the user's name, Change password and Log out. */
export function TopBar() {
  const user = useUserStore((s) => s.user);
  const navigate = useNavigate();
  if (!user) return null;
  const fullName = user.personal?.fullName?.trim() || user.email;

  const logout = () => {
    const { session, accountStack } = useUserStore.getState();
    // Revoke on the server in the background, the accounts on the access stack too; the client forgets them at once.
    for (const token of [session?.accessToken ?? null, ...accountStack.map((a) => a.session.accessToken)]) {
      void logoutRequest(token).catch(() => undefined);
    }
    useUserStore.getState().logout();
    navigate('/login', { replace: true });
  };

  return (
    <header className="sticky top-(--shell-top) z-30 flex h-(--shell-bar) shrink-0 items-center justify-between gap-3 border-b bg-background/95 px-3 backdrop-blur sm:px-6">
      <div className="flex min-w-0 items-center gap-2">
        <Badge variant="primary" className="hidden sm:inline-flex">
          {ROLE_LABEL[user.role.code]}
        </Badge>
      </div>
      <div className="flex min-w-0 items-center gap-2 sm:gap-3">
        <ProfileSwitcher />
        <NotificationBell />
        <Link
          to="/profile"
          className="flex min-w-0 items-center gap-2 rounded-md px-1 py-1 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
          data-testid="profile-link"
        >
          <span className="sr-only">Profile: </span>
          <span
            aria-hidden="true"
            className="hidden size-8 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground sm:flex"
          >
            {initials(fullName)}
          </span>
          <span className="max-w-32 truncate text-sm font-semibold sm:max-w-48" data-testid="user-name">
            {fullName}
          </span>
        </Link>
        <Button variant="ghost" size="sm" asChild className="h-9" data-testid="change-password-link">
          <Link to="/change-password" aria-label="Change password">
            <KeyRound aria-hidden="true" />
            <span className="hidden lg:inline">Change password</span>
          </Link>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={logout}
          aria-label="Log out"
          data-testid="logout-button"
          className="h-9"
        >
          <LogOut aria-hidden="true" />
          <span className="hidden sm:inline">Log out</span>
        </Button>
      </div>
    </header>
  );
}

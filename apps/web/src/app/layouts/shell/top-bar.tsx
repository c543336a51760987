import { Link } from 'react-router';
import { KeyRound, LogOut } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { InstallAppButton } from '../../../components/install-app-button';
import { NotificationBell } from '../../../features/notifications/components/notification-bell';
import { ProfileSwitcher } from '../../../features/profiles/components/profile-switcher';
import { useUserStore } from '../../../stores/user-store';
import { useViewer } from '../../../stores/viewer';
import { MobileNav } from './mobile-nav';
import { useLogout } from './use-logout';
import { initials, ROLE_LABEL } from './account-label';

/** Top bar of the shell: the phone menu button, profile switcher (USER with both profiles), the user's name, Install app (when the browser offers it), Change password and Log out. */
export function TopBar() {
  const user = useUserStore((s) => s.user);
  const viewer = useViewer();
  const logout = useLogout();
  if (!user) return null;
  const fullName = user.personal?.fullName?.trim() || user.email;

  return (
    <header className="sticky top-(--shell-top) z-30 flex h-(--shell-bar) shrink-0 items-center justify-between gap-3 border-b bg-background/95 px-3 backdrop-blur sm:px-6">
      <div className="flex min-w-0 items-center gap-2">
        {viewer ? <MobileNav viewer={viewer} className="-ml-1 md:hidden" /> : null}
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
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
          >
            {initials(fullName)}
          </span>
          {/* Phones show the initials; the name is in the menu drawer (and still names this link). */}
          <span className="sr-only truncate text-sm font-semibold sm:not-sr-only sm:max-w-48" data-testid="user-name">
            {fullName}
          </span>
        </Link>
        {/* On phones Install app, Change password and Log out live in the menu drawer, with the name. */}
        <InstallAppButton variant="ghost" size="sm" className="hidden h-9 sm:inline-flex" />
        <Button
          variant="ghost"
          size="sm"
          asChild
          className="hidden h-9 sm:inline-flex"
          data-testid="change-password-link"
        >
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
          className="hidden h-9 sm:inline-flex"
        >
          <LogOut aria-hidden="true" />
          <span className="hidden sm:inline">Log out</span>
        </Button>
      </div>
    </header>
  );
}

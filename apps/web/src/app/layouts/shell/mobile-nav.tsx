import { useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { Download, KeyRound, LogOut, Menu, X } from 'lucide-react';
import type { Viewer } from '@postwise/shared/access';
import { useInstallApp } from '../../../lib/install-prompt';
import { cn } from '../../../lib/utils';
import { useUserStore } from '../../../stores/user-store';
import { SidebarBrand, SidebarNav } from './sidebar';
import { initials, ROLE_LABEL } from './account-label';
import { useLogout } from './use-logout';

const footerItem = cn(
  'flex h-10 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium text-navy-200 transition-colors',
  'hover:bg-white/8 hover:text-white focus-visible:outline-2 focus-visible:outline-white',
);

/** Who is signed in, with the account actions the phone top bar has no room for. */
function DrawerAccount() {
  const user = useUserStore((s) => s.user);
  const logout = useLogout();
  const install = useInstallApp();
  if (!user) return null;
  const fullName = user.personal?.fullName?.trim() || user.email;
  return (
    <div className="grid shrink-0 gap-1 border-t border-white/10 p-3">
      <Link
        to="/profile"
        className="mb-1 flex min-w-0 items-center gap-3 rounded-lg px-3 py-2 hover:bg-white/8 focus-visible:outline-2 focus-visible:outline-white"
      >
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-white/12 text-xs font-semibold"
        >
          {initials(fullName)}
        </span>
        <span className="grid min-w-0">
          <span className="truncate text-sm font-semibold">{fullName}</span>
          <span className="truncate text-xs text-navy-200">{ROLE_LABEL[user.role.code]} · View profile</span>
        </span>
      </Link>
      {install ? (
        <button type="button" onClick={() => void install()} className={footerItem} data-testid="drawer-install-app">
          <Download aria-hidden="true" className="size-5 shrink-0" />
          Install app
        </button>
      ) : null}
      <Link to="/change-password" className={footerItem}>
        <KeyRound aria-hidden="true" className="size-5 shrink-0" />
        Change password
      </Link>
      <button type="button" onClick={logout} className={footerItem} data-testid="drawer-logout">
        <LogOut aria-hidden="true" className="size-5 shrink-0" />
        Log out
      </button>
    </div>
  );
}

/**
 * The phone menu (spec 2.4, docs/design.md): the 64 px rail stays, and this button in the top bar opens the
 * full labelled sidebar as a sheet from the left. Focus stays inside while it is open; Escape, the close
 * button, the backdrop or following a link close it.
 */
export function MobileNav({ viewer, className }: { viewer: Viewer; className?: string }) {
  const { pathname } = useLocation();
  // Open "at" a path: a navigation from anywhere (a link in the drawer, a redirect) closes it without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  const setOpen = (next: boolean) => setOpenAt(next ? pathname : null);

  // A link to the page already shown does not change the path; close on the click itself too.
  const closeOnLink = (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a[href]')) setOpen(false);
  };

  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger
        aria-label={open ? 'Close menu' : 'Open menu'}
        data-testid="open-menu"
        className={cn(
          'inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-foreground hover:bg-muted',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          className,
        )}
      >
        <Menu aria-hidden="true" className="size-5" />
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 animate-fade-in bg-navy-950/60" />
        <DialogPrimitive.Content
          data-testid="menu-drawer"
          aria-describedby={undefined}
          onClick={closeOnLink}
          className={cn(
            'fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-navy-900 text-white shadow-2xl',
            'motion-safe:animate-slide-in-left focus:outline-none',
          )}
        >
          <div className="flex h-[57px] shrink-0 items-center justify-between gap-2 border-b border-white/10 pr-2 pl-5">
            <SidebarBrand mode="drawer" />
            <DialogPrimitive.Title className="sr-only">Menu</DialogPrimitive.Title>
            <DialogPrimitive.Close
              aria-label="Close menu"
              data-testid="close-menu"
              className={cn(
                'inline-flex size-9 items-center justify-center rounded-lg text-navy-200 hover:bg-white/8 hover:text-white',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
              )}
            >
              <X aria-hidden="true" className="size-5" />
            </DialogPrimitive.Close>
          </div>
          <SidebarNav viewer={viewer} mode="drawer" testId="sidebar-drawer" />
          <DrawerAccount />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

import { createContext, useContext, useId, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useMatch } from 'react-router';
import { ChevronDown } from 'lucide-react';
import type { Viewer } from '@postwise/shared/access';
import { PRODUCT_NAME } from '@postwise/shared/constants';
import { isSidebarGroup, sidebarFor, type SidebarGroup, type SidebarItem } from '@postwise/shared/sidebar';
import { LogoMark } from '../../../components/brand/logo';
import { navIcon } from '../../../components/nav-icon';
import { Tooltip } from '../../../components/ui/tooltip';
import { getEncrypted } from '../../../features/configuration/api/get-encrypted';
import { UnlockTabDialog } from '../../../features/configuration/components/unlock-tab-dialog';
import { cn } from '../../../lib/utils';
import { useShallow } from 'zustand/react/shallow';
import { gateApplies, sidebarForSubscription } from '../../../features/subscriptions/lib/gate';
import { useSubscriptionStore } from '../../../stores/subscription-store';
import { useUserStore } from '../../../stores/user-store';

/**
 * 'rail': the 64 px icon rail on small screens that widens to the labelled 240 px menu from md up.
 * 'drawer': the labelled menu at every width (the phone drawer opened from the top bar).
 */
type SidebarMode = 'rail' | 'drawer';
const ModeContext = createContext<SidebarMode>('rail');

/** Labels show from md up in the rail and always in the drawer. */
const labelled = (mode: SidebarMode) =>
  mode === 'drawer'
    ? { item: 'justify-start', nested: 'pl-9', text: '', nestedIcon: 'size-4', chevron: 'block' }
    : {
        item: 'justify-center md:justify-start',
        nested: 'md:pl-9',
        text: 'sr-only md:not-sr-only',
        nestedIcon: 'md:size-4',
        chevron: 'hidden md:block',
      };

const itemClass = (mode: SidebarMode, active: boolean, nested = false) =>
  cn(
    'relative flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors',
    labelled(mode).item,
    nested && labelled(mode).nested,
    active ? 'bg-white/12 text-white' : 'text-navy-200 hover:bg-white/8 hover:text-white',
  );

/** The rail names its icons in a tooltip; the drawer shows the labels themselves. */
function RailTooltip({ label, children }: { label: string; children: ReactNode }) {
  const mode = useContext(ModeContext);
  if (mode === 'drawer') return children;
  return (
    <Tooltip content={label} className="md:hidden">
      {children}
    </Tooltip>
  );
}

function NavItem({ item, nested = false }: { item: SidebarItem; nested?: boolean }) {
  const mode = useContext(ModeContext);
  const Icon = navIcon(item.icon);
  // Active state is computed here rather than through NavLink's className callback: the tooltip trigger
  // (a Radix Slot) merges className as a string and would drop a callback.
  const isActive = useMatch({ path: item.path, end: item.path === '/dashboard' }) !== null;
  return (
    <li>
      <RailTooltip label={item.label}>
        <NavLink
          to={item.path}
          end={item.path === '/dashboard'}
          data-testid={`sidebar-item-${item.key}`}
          aria-current={isActive ? 'page' : undefined}
          className={itemClass(mode, isActive, nested)}
        >
          {isActive ? (
            <span aria-hidden="true" className="absolute inset-y-2 left-0 w-1 rounded-r-full bg-orange-bright" />
          ) : null}
          <Icon aria-hidden="true" className={cn('size-5 shrink-0', nested && labelled(mode).nestedIcon)} />
          <span className={cn('truncate', labelled(mode).text)}>{item.label}</span>
        </NavLink>
      </RailTooltip>
    </li>
  );
}

/**
 * The Configuration group (spec 2.4). A SUB_ADMIN opens it through the unlock check: a password-protected
 * account sees the Unlock Tab dialog first; otherwise the group unlocks and expands at once.
 */
function NavGroup({ group, viewer }: { group: SidebarGroup; viewer: Viewer }) {
  const mode = useContext(ModeContext);
  const location = useLocation();
  const listId = useId();
  const user = useUserStore((s) => s.user);
  const unlocked = useUserStore((s) => s.configurationUnlocked);
  const setUnlocked = useUserStore((s) => s.setConfigurationUnlocked);
  const needsUnlock = viewer.role === 'SUB_ADMIN';
  const inGroup = group.children.some((c) => location.pathname.startsWith(c.path));
  const [expanded, setExpanded] = useState(inGroup && (!needsUnlock || unlocked));
  const [unlockOpen, setUnlockOpen] = useState(false);
  const Icon = navIcon(group.icon);
  const open = expanded && (!needsUnlock || unlocked);

  const [checking, setChecking] = useState(false);
  const toggle = async () => {
    if (open) {
      setExpanded(false);
      return;
    }
    if (needsUnlock && !unlocked) {
      // Spec 2.4: ask the server (users/encrypted) whether the account is password-protected; if that call
      // fails, the flag the user was signed in with decides.
      let isProtected = user?.configuration?.isPasswordProtected ?? false;
      if (user) {
        setChecking(true);
        isProtected = await getEncrypted(user.id).catch(() => isProtected);
        setChecking(false);
      }
      if (isProtected) {
        setUnlockOpen(true);
        return;
      }
      setUnlocked(true);
    }
    setExpanded(true);
  };

  return (
    <li>
      <RailTooltip label={group.label}>
        <button
          type="button"
          onClick={() => void toggle()}
          aria-expanded={open}
          aria-busy={checking || undefined}
          aria-controls={listId}
          data-testid={`sidebar-group-${group.key}`}
          className={cn(itemClass(mode, inGroup && !open), 'w-full')}
        >
          <Icon aria-hidden="true" className="size-5 shrink-0" />
          <span className={cn('flex-1 truncate text-left', labelled(mode).text)}>{group.label}</span>
          <ChevronDown
            aria-hidden="true"
            className={cn('size-4 shrink-0 transition-transform', labelled(mode).chevron, open && 'rotate-180')}
          />
        </button>
      </RailTooltip>
      <ul
        id={listId}
        hidden={!open}
        className={cn('mt-1 grid gap-1 border-white/10', mode === 'rail' && 'max-md:border-l-2 max-md:pl-1')}
      >
        {group.children.map((child) => (
          <NavItem key={child.key} item={child} nested />
        ))}
      </ul>
      {needsUnlock ? (
        <UnlockTabDialog
          open={unlockOpen}
          onOpenChange={setUnlockOpen}
          onUnlocked={() => {
            setUnlocked(true);
            setExpanded(true);
          }}
        />
      ) : null}
    </li>
  );
}

/** The sidebar entries of spec 2.4 for the signed-in viewer, narrowed by the subscription gate. */
function useSidebarEntries(viewer: Viewer) {
  const subscription = useSubscriptionStore(
    useShallow(({ status, isExpired, enteredPastDueAt }) => ({ status, isExpired, enteredPastDueAt })),
  );
  return sidebarForSubscription(sidebarFor(viewer), gateApplies(viewer), subscription);
}

/** The items of the menu; the rail and the phone drawer list the same entries with the same guards. */
export function SidebarNav({
  viewer,
  mode = 'rail',
  testId = 'sidebar',
}: {
  viewer: Viewer;
  mode?: SidebarMode;
  testId?: string;
}) {
  const entries = useSidebarEntries(viewer);
  return (
    <ModeContext.Provider value={mode}>
      <nav
        aria-label="Main"
        data-testid={testId}
        className={cn('min-h-0 flex-1 overflow-y-auto px-2 py-4', mode === 'rail' ? 'md:px-3' : 'px-3')}
      >
        <ul className="grid gap-1">
          {entries.map((entry) =>
            isSidebarGroup(entry) ? (
              <NavGroup key={entry.key} group={entry} viewer={viewer} />
            ) : (
              <NavItem key={entry.key} item={entry} />
            ),
          )}
        </ul>
      </nav>
    </ModeContext.Provider>
  );
}

/** The logo at the head of the menu, linking to the dashboard. */
export function SidebarBrand({ mode = 'rail' }: { mode?: SidebarMode }) {
  // The menu is dark: the logo made for dark backgrounds, else the light one.
  const brandLogo = useUserStore((s) => s.user?.configuration?.darkLogo || s.user?.configuration?.lightLogo || null);
  const wide = mode === 'drawer';
  return (
    <Link to="/dashboard" aria-label={`${PRODUCT_NAME} dashboard`} className="inline-flex items-center gap-2.5">
      {brandLogo ? (
        // A reseller's own logo (Account Setting), merged into the configuration after login (spec 4).
        <img
          src={brandLogo}
          alt=""
          className={cn('max-h-8 object-contain', wide ? 'max-w-44' : 'max-w-10 md:max-w-44')}
        />
      ) : (
        <>
          <LogoMark className="text-white/15" />
          <span className={cn('text-lg font-bold tracking-tight', wide ? 'inline' : 'hidden md:inline')}>
            {PRODUCT_NAME}
          </span>
        </>
      )}
    </Link>
  );
}

/** Sidebar of spec 2.4: a 64 px icon rail on small screens, 240 px from md up. */
export function Sidebar({ viewer, className }: { viewer: Viewer; className?: string }) {
  return (
    <aside
      className={cn(
        'flex w-16 shrink-0 flex-col bg-navy-900 text-white md:w-60',
        'sticky top-(--shell-top) h-[calc(100dvh-var(--shell-top))]',
        className,
      )}
    >
      <div className="flex h-[57px] shrink-0 items-center justify-center border-b border-white/10 md:justify-start md:px-5">
        <SidebarBrand />
      </div>
      <SidebarNav viewer={viewer} />
    </aside>
  );
}

import type { CSSProperties } from 'react';
import { Outlet } from 'react-router';
import { IMPERSONATION_BAR_HEIGHT_PX, LOADER_OFFSET_PX } from '@postwise/shared/constants';
import { FullPageLoader } from '../../components/full-page-loader';
import { TooltipProvider } from '../../components/ui/tooltip';
import { QueryProvider } from '../../lib/query-provider';
import { useProfileLoad } from '../../features/profiles/hooks/use-profile-load';
import { SubscriptionGate } from '../../features/subscriptions/components/subscription-gate';
import { useUserStore } from '../../stores/user-store';
import { useViewer } from '../../stores/viewer';
import { ImpersonationBar } from './shell/impersonation-bar';
import { Sidebar } from './shell/sidebar';
import { TopBar } from './shell/top-bar';

/** The signed-in shell, with TanStack Query for everything in it. */
export function ShellLayout() {
  return (
    <QueryProvider>
      <Shell />
    </QueryProvider>
  );
}

/** Impersonation bar, sidebar, top bar, the profile load and the subscription gate of spec 4. */
function Shell() {
  const viewer = useViewer();
  const impersonating = useUserStore((s) => s.accountStack.length > 0);
  const { loading } = useProfileLoad();
  if (!viewer) return null;

  const shellTop = impersonating ? IMPERSONATION_BAR_HEIGHT_PX : 0;
  const loaderOffset = impersonating ? LOADER_OFFSET_PX.impersonating : LOADER_OFFSET_PX.normal;

  return (
    <TooltipProvider delayDuration={200}>
      <div
        className="min-h-dvh bg-surface"
        // --shell-bar is the top bar's height: sticky table headers (DataTable) stick just below it.
        style={{ '--shell-top': `${shellTop}px`, '--shell-bar': `${LOADER_OFFSET_PX.normal}px` } as CSSProperties}
      >
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <ImpersonationBar />
        <div className="flex">
          {/* The navy column runs the full page height; the sidebar itself stays pinned inside it. */}
          <div className="shrink-0 bg-navy-900">
            <Sidebar viewer={viewer} />
          </div>
          <div className="flex min-w-0 flex-1 flex-col">
            <TopBar />
            <main id="main" className="flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
              {loading ? (
                <FullPageLoader
                  message="Loading your profile..."
                  className="min-h-0"
                  // Fills the screen below the bars (spec 9 loader offsets) minus the main padding.
                  style={{ minHeight: `calc(100dvh - ${loaderOffset}px - 4rem)` }}
                />
              ) : (
                <div className="mx-auto w-full max-w-7xl">
                  <SubscriptionGate>
                    <Outlet />
                  </SubscriptionGate>
                </div>
              )}
            </main>
          </div>
        </div>
      </div>
    </TooltipProvider>
  );
}

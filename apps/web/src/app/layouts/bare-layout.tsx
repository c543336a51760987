import { Outlet } from 'react-router';
import { QueryProvider } from '../../lib/query-provider';
import { HomeLogoLink } from '../../components/brand/home-logo-link';

/** A plain frame: the brand and a centred card (onboarding, subscription and creation steps). */
export function BareLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-14 w-full max-w-5xl items-center px-4 sm:px-6">
          <HomeLogoLink />
        </div>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-8 sm:px-6 sm:py-12">
        <div className="w-full max-w-3xl rounded-card border bg-background p-6 shadow-xs sm:p-10">
          <QueryProvider>
            <Outlet />
          </QueryProvider>
        </div>
      </main>
    </div>
  );
}

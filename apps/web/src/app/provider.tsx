import { lazy, Suspense, type ReactNode } from 'react';
import { useToasterRequested } from '../lib/toaster-demand';

const Toaster = lazy(() => import('../components/ui/toaster').then((m) => ({ default: m.Toaster })));

/**
 * What every page shares. TanStack Query is not here: the signed-in and onboarding layouts provide it
 * (lib/query-provider.tsx), the public and guest pages fetch through lib/light-query.ts.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  // Mounted with the first toast (lib/toast.ts); it shows the toasts raised before it arrived.
  const toasterRequested = useToasterRequested();
  return (
    <>
      {children}
      {toasterRequested ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </>
  );
}

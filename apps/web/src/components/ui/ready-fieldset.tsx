import type { ReactNode } from 'react';
import { preloadToaster } from '../../lib/toast';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * Wraps a form's controls on a prerendered page: disabled until React has hydrated the page (see useHydrated),
 * and invisible to layout (`display: contents`), so the form's own grid still places the fields. Touching the
 * form loads the toaster its answer will use.
 */
export function ReadyFieldset({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} className="contents" onFocus={preloadToaster} onPointerDown={preloadToaster}>
      {children}
    </fieldset>
  );
}

import { useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { PRODUCT_NAME } from '@postwise/shared/constants';
import { applyUpdate } from '../lib/service-worker';
import { Button } from './ui/button';

/**
 * Shown when a new version of the app is installed and waiting (lib/service-worker.ts): the person reloads when it
 * suits them, so nothing they are typing is lost; until then the page keeps running the version it started with.
 */
export function UpdatePrompt() {
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="update-prompt"
      className="fixed right-3 bottom-3 left-3 z-[90] mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-card border bg-background p-4 shadow-xl"
    >
      <RefreshCw aria-hidden="true" className="size-5 shrink-0 text-primary" />
      <p className="min-w-0 flex-1 text-sm">A new version of {PRODUCT_NAME} is ready.</p>
      <div className="flex gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={() => setDismissed(true)}>
          Later
        </Button>
        <Button type="button" size="sm" onClick={applyUpdate} data-testid="update-reload">
          Reload
        </Button>
      </div>
    </div>
  );
}

import { useSyncExternalStore } from 'react';
import { WifiOff } from 'lucide-react';
import { DangerBadge } from './errors/error-screen';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** Spec 2.2: shown over everything while the browser is offline; goes away by itself when back online. */
export function OfflineOverlay() {
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="offline-title"
      aria-describedby="offline-text"
      data-testid="offline-overlay"
      className="fixed inset-0 z-[100] flex items-center justify-center bg-navy-950/70 p-6 backdrop-blur-sm"
    >
      <div className="grid max-w-sm justify-items-center gap-3 rounded-card bg-background p-8 text-center shadow-xl">
        <DangerBadge icon={WifiOff} />
        <h2 id="offline-title" className="text-xl font-bold">
          No Internet Connection
        </h2>
        <p id="offline-text" className="text-sm text-muted-foreground">
          Please check your internet connection and try again.
        </p>
      </div>
    </div>
  );
}

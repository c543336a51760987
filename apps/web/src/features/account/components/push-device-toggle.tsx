import { useId } from 'react';
import { Smartphone } from 'lucide-react';
import { PUSH_MESSAGES } from '@postwise/shared/push';
import { Checkbox } from '../../../components/ui/checkbox';
import { Skeleton } from '../../../components/ui/skeleton';
import { showError, showSuccess } from '../../../lib/toast';
import { usePushDevice, useTogglePush } from '../api/push-api';

/**
 * "Push notifications on this device": subscribes this browser (the service worker receives the pushes) or
 * unsubscribes it. Which events arrive is the Push column of the preferences above.
 */
export function PushDeviceToggle() {
  const id = useId();
  const device = usePushDevice();
  const toggle = useTogglePush();

  if (device.isPending) return <Skeleton className="h-10" />;
  const state = device.data;
  const note =
    !state || state.support === 'unsupported'
      ? 'This browser cannot receive push notifications.'
      : state.support === 'no-worker'
        ? 'Push notifications need the app’s service worker, which is not running on this page yet. Reload to try again.'
        : state.permission === 'denied'
          ? 'Notifications are blocked for this site. Allow them in your browser’s site settings to turn this on.'
          : null;
  const usable = state?.support === 'ok' && state.permission !== 'denied';

  return (
    <div className="flex items-start gap-3 rounded-lg border p-3" data-testid="push-device">
      <Smartphone aria-hidden="true" className="mt-0.5 size-5 text-muted-foreground" />
      <div className="grid flex-1 gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          Push notifications on this device
        </label>
        <p className="text-xs text-muted-foreground">
          {note ?? 'Events checked under Push arrive on this device even when the app is closed.'}
        </p>
      </div>
      <Checkbox
        id={id}
        checked={state?.subscribed ?? false}
        disabled={!usable || toggle.isPending}
        data-testid="push-device-toggle"
        onCheckedChange={(value) =>
          toggle.mutate(value === true, {
            onSuccess: () => showSuccess(value === true ? PUSH_MESSAGES.subscribed : PUSH_MESSAGES.unsubscribed),
            onError: showError,
          })
        }
      />
    </div>
  );
}

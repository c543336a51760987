import type { PushSubscriptionInfo } from '@postwise/shared/push';
import { del, post } from './api-client';

/** The installed service worker (built for production only: the dev server has none). */
export async function pushWorkerRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return undefined;
  return navigator.serviceWorker.getRegistration('/');
}

/**
 * Stops push on this browser: the API forgets the device, then the browser drops its PushSubscription. The API
 * names a device by the id it answered when subscribed; subscribing the same endpoint again answers that id, so it
 * is asked for once more rather than kept in the browser. `accessToken` names the session to do it with (signing
 * out passes the session being ended, before it is revoked); without it, the current one. Nothing to do when this
 * browser has no subscription. The browser's subscription is dropped even when the API cannot be reached, so a
 * signed-out device never shows the last person's notifications.
 */
export async function forgetPushDevice(accessToken?: string): Promise<void> {
  const registration = await pushWorkerRegistration();
  const subscription = await registration?.pushManager?.getSubscription();
  if (!subscription) return;
  const options = accessToken ? { accessToken, skipSessionCheck: true } : {};
  try {
    const info = await post<PushSubscriptionInfo>('push-subscriptions', subscription.toJSON(), options);
    await del<PushSubscriptionInfo>('push-subscriptions', info.id, options);
  } finally {
    await subscription.unsubscribe();
  }
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushSubscriptionInfo } from '@postwise/shared/push';
import { get, post } from '../../../lib/api-client';
import { forgetPushDevice, pushWorkerRegistration } from '../../../lib/push-device';

export const pushKeys = {
  all: ['push'] as const,
  device: () => [...pushKeys.all, 'device'] as const,
};

/** Why this browser cannot take push notifications, or null when it can. */
export type PushSupport = 'ok' | 'unsupported' | 'no-worker';

interface DeviceState {
  support: PushSupport;
  permission: NotificationPermission | null;
  /** This browser has a push subscription (made when the toggle was turned on). */
  subscribed: boolean;
}

async function deviceState(): Promise<DeviceState> {
  if (!('PushManager' in window) || !('Notification' in window) || !('serviceWorker' in navigator)) {
    return { support: 'unsupported', permission: null, subscribed: false };
  }
  const registration = await pushWorkerRegistration();
  if (!registration) return { support: 'no-worker', permission: Notification.permission, subscribed: false };
  const subscription = await registration.pushManager.getSubscription();
  const subscribed = subscription !== null && Notification.permission === 'granted';
  // What the toggle shows is what the server sends to: a subscription the push service rotated (and the server
  // then dropped), or one made while someone else was signed in here, is posted again for the person now here.
  if (subscribed) await post<PushSubscriptionInfo>('push-subscriptions', subscription.toJSON());
  return { support: 'ok', permission: Notification.permission, subscribed };
}

export function usePushDevice() {
  return useQuery({ queryKey: pushKeys.device(), queryFn: deviceState, staleTime: Infinity, retry: false });
}

/** The VAPID key (base64url) as the bytes `pushManager.subscribe()` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

export class PushBlockedError extends Error {
  constructor() {
    super('Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.');
  }
}

/** Turns push on for this browser: permission, a subscription with the server's key, and the API told of it. */
async function turnOn(): Promise<PushSubscriptionInfo> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushBlockedError();
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await get<{ publicKey: string }>('push/vapid-public-key');
  const key = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another key (the server's keys changed) cannot be used: start over.
  const current = subscription?.options.applicationServerKey;
  if (subscription && current && !sameBytes(new Uint8Array(current), key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  return post<PushSubscriptionInfo>('push-subscriptions', subscription.toJSON());
}

export function useTogglePush() {
  const client = useQueryClient();
  return useMutation({
    // Off: the API forgets this device and the browser drops its subscription (lib/push-device.ts).
    mutationFn: (on: boolean) => (on ? turnOn().then(() => undefined) : forgetPushDevice()),
    onSettled: () => client.invalidateQueries({ queryKey: pushKeys.device() }),
  });
}

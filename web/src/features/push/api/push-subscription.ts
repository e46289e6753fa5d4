import { API, okSchema, pushKeySchema, type Language, type PushSubscriptionBody } from '@gomeum/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The server's VAPID public key. */
export async function getPushKey(): Promise<string> {
  return (await apiRequest('GET', API.pushKey, pushKeySchema)).publicKey;
}

/** Stores this browser's subscription for the signed-in user. */
export async function saveSubscription(body: PushSubscriptionBody): Promise<void> {
  await apiRequest('POST', API.pushSubscriptions, okSchema, body);
}

/** True when this browser can show Web Push notifications (the API, and a service worker). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'Notification' in window &&
    'PushManager' in window &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator
  );
}

/** base64url → bytes, as `pushManager.subscribe` wants the key. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Subscribes this browser to Web Push (reusing a subscription made with the same key) and stores
 * it for the signed-in user. Throws when the browser or its push service refuses.
 */
export async function subscribeToPush(locale: Language): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  const publicKey = await getPushKey();
  let subscription = await registration.pushManager.getSubscription();
  const key = subscription?.options.applicationServerKey;
  if (subscription && key && !sameKey(new Uint8Array(key), base64UrlToBytes(publicKey))) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: base64UrlToBytes(publicKey),
  });
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) throw new Error('incomplete push subscription');
  await saveSubscription({
    endpoint: json.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys.p256dh, auth: json.keys.auth },
    locale,
  });
}

function sameKey(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/**
 * Ends this browser's push subscription (on sign-out), so nothing meant for the previous user
 * reaches the next person at this computer; the push service then answers 410 and the server
 * forgets the endpoint.
 */
export async function unsubscribeFromPush(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}

import type { Language, PushSubscriptionBody } from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import { api } from '../../../lib/api-client.ts';

/** The server's VAPID public key. */
export async function getPushKey(): Promise<string> {
  return (await api(routes.pushKey)).publicKey;
}

/** Stores this browser's subscription for the signed-in user. */
export async function saveSubscription(body: PushSubscriptionBody): Promise<void> {
  await api(routes.pushSubscribe, { body });
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

/** Asks the server to forget one of this user's subscriptions. */
export async function forgetSubscription(endpoint: string): Promise<void> {
  await api(routes.pushUnsubscribe, { body: { endpoint } });
}

/**
 * Ends this browser's push subscription (on sign-out), so nothing meant for the previous user
 * reaches the next person at this computer; the push service then answers 410 and the server
 * forgets the endpoint. With `forget` (the user turned notifications off while signed in) the
 * server is told at once.
 */
export async function unsubscribeFromPush(options: { forget?: boolean } = {}): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  if (options.forget) await forgetSubscription(subscription.endpoint).catch(() => undefined);
  await subscription.unsubscribe();
}

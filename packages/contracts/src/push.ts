import * as z from 'zod/mini';
import { languageSchema } from './i18n.ts';
import { notificationSchema } from './notifications.ts';

/** `GET /api/push/key`: the server's VAPID public key (base64url), for `pushManager.subscribe`. */
export const pushKeySchema = z.object({ publicKey: z.string() });

/** A browser's push subscription (`PushSubscription.toJSON()`), plus the language to write in. */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: 'push.error_endpoint' })
    .check(z.maxLength(2048, { error: 'push.error_endpoint' })),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({
    p256dh: z.string().check(z.minLength(1), z.maxLength(200)),
    auth: z.string().check(z.minLength(1), z.maxLength(100)),
  }),
  locale: z.optional(languageSchema),
});
/** A browser's push subscription body. */
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

/** `DELETE /api/push/subscriptions`: the endpoint to forget. */
export const pushUnsubscribeBodySchema = z.object({ endpoint: z.string().check(z.minLength(1), z.maxLength(2048)) });

/**
 * What kind of event a push announces; the service worker acts on it. `operator`: a user needs
 * Gomeum (a message or a proof) and no dashboard is open.
 */
export const pushKindSchema = z.enum(['broadcast', 'update', 'chat', 'reaction', 'reminder', 'operator']);

/**
 * The JSON payload of every push message, read by `/sw.js`: what to show and which page a click
 * opens. A broadcast also carries the notification, so an open tab can show it live instead.
 */
export const pushMessageSchema = z.object({
  kind: pushKindSchema,
  title: z.string(),
  body: z.string(),
  /** Same-site path a click opens. */
  url: z.string(),
  /** Notifications with the same tag replace each other. */
  tag: z.string(),
  notification: z.optional(notificationSchema),
});
/** The JSON payload of a push message. */
export type PushMessage = z.infer<typeof pushMessageSchema>;

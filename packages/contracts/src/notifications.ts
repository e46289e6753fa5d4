import * as z from 'zod/mini';

/** Longest broadcast title. */
export const NOTIFICATION_TITLE_MAX_LENGTH = 120;
/** Longest broadcast message. */
export const NOTIFICATION_MESSAGE_MAX_LENGTH = 1000;

/** A broadcast to every user; sender is always 'Gomeum'. */
export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  sender: z.string(),
  createdAt: z.number(),
});
/** A broadcast to every user. */
export type Notification = z.infer<typeof notificationSchema>;

/** `GET /api/notifications`: broadcasts, newest first; those lacking title or message are dropped. */
export const notificationListSchema = z.object({ notifications: z.array(notificationSchema) });

/**
 * What became of a broadcast's Web Push delivery: still `sending`, `done` with the number of
 * subscriptions the push services accepted and refused, or `unfinished` (the server stopped first).
 */
export const pushDeliverySchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('sending') }),
  z.object({
    state: z.literal('done'),
    delivered: z.number().check(z.int(), z.nonnegative()),
    failed: z.number().check(z.int(), z.nonnegative()),
  }),
  z.object({ state: z.literal('unfinished') }),
]);
/** What became of a broadcast's Web Push delivery. */
export type PushDelivery = z.infer<typeof pushDeliverySchema>;

/** A broadcast as the operator sees it: with its push delivery. */
export const sentNotificationSchema = z.extend(notificationSchema, { push: pushDeliverySchema });
/** A broadcast as the operator sees it. */
export type SentNotification = z.infer<typeof sentNotificationSchema>;

/** `GET /api/operator/notifications`: every broadcast with its delivery, newest first. */
export const sentNotificationListSchema = z.object({ notifications: z.array(sentNotificationSchema) });

/** The operator's broadcast: both title and message are required (after trimming). */
export const notificationBodySchema = z.object({
  title: z
    .string({ error: 'notifications.error_missing_fields' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'notifications.error_missing_fields' }),
      z.maxLength(NOTIFICATION_TITLE_MAX_LENGTH, { error: 'notifications.error_too_long' }),
    ),
  message: z
    .string({ error: 'notifications.error_missing_fields' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'notifications.error_missing_fields' }),
      z.maxLength(NOTIFICATION_MESSAGE_MAX_LENGTH, { error: 'notifications.error_too_long' }),
    ),
});
/** The operator's broadcast body. */
export type NotificationBody = z.infer<typeof notificationBodySchema>;

/** Name of the live event a new broadcast sends to every open tab. */
export const BROADCAST_EVENT = 'notification.broadcast';

/** The live event a new broadcast sends to every open tab (over `/api/live`, or from the service worker). */
export const broadcastEventSchema = z.object({
  type: z.literal(BROADCAST_EVENT),
  notification: notificationSchema,
});
/** The live event of a new broadcast. */
export type BroadcastEvent = z.infer<typeof broadcastEventSchema>;

/** True when a broadcast has both a title and a message worth showing. */
export function isShowableNotification(notification: Pick<Notification, 'title' | 'message'>): boolean {
  return notification.title.trim() !== '' && notification.message.trim() !== '';
}

/** The home-page link a broadcast opens: `/?popup=true&title=…&date=…` (plus image and video when set). */
export function broadcastPopupPath(
  notification: Pick<Notification, 'title' | 'createdAt'>,
  media: { image?: string | null; video?: string | null } = {},
): string {
  const params = new URLSearchParams({
    popup: 'true',
    title: notification.title,
    date: new Date(notification.createdAt).toISOString().slice(0, 10),
  });
  if (media.image) params.set('image', media.image);
  if (media.video) params.set('video', media.video);
  return `/?${params.toString()}`;
}

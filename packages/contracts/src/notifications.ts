import * as z from 'zod/mini';
import { isLanguage } from './i18n.ts';

/** Longest broadcast title. */
export const NOTIFICATION_TITLE_MAX_LENGTH = 120;
/** Longest broadcast message. */
export const NOTIFICATION_MESSAGE_MAX_LENGTH = 1000;

/** A broadcast's words in one language, with the popup link that shows that language's title. */
export const broadcastWordsSchema = z.object({ title: z.string(), message: z.string(), popupPath: z.string() });
/** A broadcast's words in one language. */
export type BroadcastWords = z.infer<typeof broadcastWordsSchema>;

/**
 * A broadcast to every user; sender is always 'Gomeum'. `popupPath` is the home-page link that
 * shows it as a popup, signed by the server (see home.ts). `languages`: its words in each language
 * it was written in (absent when only `title` and `message` were), read through `broadcastIn`.
 */
export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  sender: z.string(),
  createdAt: z.number(),
  popupPath: z.string(),
  languages: z.optional(
    z.object({
      en: z.optional(broadcastWordsSchema),
      zh: z.optional(broadcastWordsSchema),
      ko: z.optional(broadcastWordsSchema),
    }),
  ),
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

const broadcastTitle = z
  .string({ error: 'notifications.error_missing_fields' })
  .check(
    z.trim(),
    z.minLength(1, { error: 'notifications.error_missing_fields' }),
    z.maxLength(NOTIFICATION_TITLE_MAX_LENGTH, { error: 'notifications.error_too_long' }),
  );
const broadcastMessage = z
  .string({ error: 'notifications.error_missing_fields' })
  .check(
    z.trim(),
    z.minLength(1, { error: 'notifications.error_missing_fields' }),
    z.maxLength(NOTIFICATION_MESSAGE_MAX_LENGTH, { error: 'notifications.error_too_long' }),
  );
/** One language's title and message of the operator's broadcast, both required. */
const broadcastTextSchema = z.object({ title: broadcastTitle, message: broadcastMessage });

/**
 * The operator's broadcast: both title and message are required (after trimming), and they are
 * what a reader gets when `languages` (each language written, title and message) has not theirs.
 */
export const notificationBodySchema = z.object({
  languages: z.optional(
    z.object({
      en: z.optional(broadcastTextSchema),
      zh: z.optional(broadcastTextSchema),
      ko: z.optional(broadcastTextSchema),
    }),
  ),
  title: broadcastTitle,
  message: broadcastMessage,
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

/** A broadcast's words in the reader's language when it was written in it, else its own. */
export function broadcastIn(
  notification: Pick<Notification, 'title' | 'message' | 'popupPath' | 'languages'>,
  language: string,
): BroadcastWords {
  const own = isLanguage(language) ? notification.languages?.[language] : undefined;
  return own ?? { title: notification.title, message: notification.message, popupPath: notification.popupPath };
}

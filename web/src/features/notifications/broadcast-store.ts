import { broadcastEventSchema, isShowableNotification, type Notification } from '@gomeum/contracts';
import { createToastStore } from '../../lib/toasts.ts';

/** Broadcasts on screen, newest first: three at once, older ones give way. */
export const broadcasts = createToastStore<Notification>({ max: 3, newestFirst: true });

/** Every broadcast shown since the page opened: none is shown twice (live and by the service worker). */
const seen = new Set<string>();

/**
 * Shows a broadcast live event (from the live channel or the service worker). Anything that is
 * not a well-formed event, lacks a title or message, or was shown already is ignored.
 */
export function showBroadcast(event: unknown): void {
  const parsed = broadcastEventSchema.safeParse(event);
  if (!parsed.success) return;
  const { notification } = parsed.data;
  if (!isShowableNotification(notification) || seen.has(notification.id)) return;
  seen.add(notification.id);
  broadcasts.show(notification);
}

/** Removes a broadcast from the screen. */
export function dismissBroadcast(id: string): void {
  broadcasts.dismiss(id);
}

/** Forgets everything (tests). */
export function resetBroadcasts(): void {
  seen.clear();
  broadcasts.clear();
}

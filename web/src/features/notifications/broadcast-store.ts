import { broadcastEventSchema, isShowableNotification, type Notification } from '@gomeum/contracts';

type Listener = () => void;

/** How many broadcasts are on screen at once; older ones give way. */
const MAX_SHOWN = 3;

let shown: readonly Notification[] = [];
const seen = new Set<string>();
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

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
  shown = [notification, ...shown].slice(0, MAX_SHOWN);
  emit();
}

/** Removes a broadcast from the screen. */
export function dismissBroadcast(id: string): void {
  shown = shown.filter((notification) => notification.id !== id);
  emit();
}

/** Broadcasts on screen, newest first (for useSyncExternalStore). */
export function shownBroadcasts(): readonly Notification[] {
  return shown;
}

/** Subscribes to changes of the shown broadcasts (for useSyncExternalStore). */
export function subscribeBroadcasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets everything (tests). */
export function resetBroadcasts(): void {
  shown = [];
  seen.clear();
  emit();
}

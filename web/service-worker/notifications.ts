/**
 * Push display and notification clicks. The push payload is the contract's PushMessage:
 * `{ kind, title, body, url, tag, notification? }`.
 */

declare const self: ServiceWorkerGlobalScope;

/** Same-site path of a URL, or '/' for anything else: a push can only open this app. */
function safePath(url: unknown): string {
  try {
    const parsed = new URL(typeof url === 'string' ? url : '/', self.location.origin);
    return parsed.origin === self.location.origin ? parsed.pathname + parsed.search + parsed.hash : '/';
  } catch {
    return '/';
  }
}

/** True when a window's address is the operator's dashboard. */
function isDashboard(url: string): boolean {
  try {
    return new URL(url).pathname.startsWith('/gomeum-dashboard');
  } catch {
    return false;
  }
}

interface PushMessage {
  kind?: unknown;
  title: string;
  body?: unknown;
  url?: unknown;
  tag?: unknown;
  notification?: unknown;
}

function readPush(event: PushEvent): PushMessage | null {
  let message: unknown;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    return null;
  }
  if (typeof message !== 'object' || message === null) return null;
  const { title } = message as { title?: unknown };
  if (typeof title !== 'string' || !title.trim()) return null;
  return message as PushMessage;
}

/** Shows a push, unless an open tab shows the same thing live. */
async function showPush(message: PushMessage): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const visible = windows.filter((client) => client.visibilityState === 'visible');
  // The app is open and in view: it shows a broadcast live instead of a system notification.
  if (message.kind === 'broadcast' && message.notification && visible.length > 0) {
    const event = { type: 'notification.broadcast', notification: message.notification };
    for (const client of visible) client.postMessage({ type: 'gomeum.push', event });
    return;
  }
  // Gomeum's reaction to a proof arrives live in an open tab; the push is for when the user is away.
  if (message.kind === 'reaction' && visible.length > 0) return;
  // The operator's alert: the server sends none while a dashboard is open; one in view when it
  // arrives (opened meanwhile) shows the message live already.
  if (message.kind === 'operator' && visible.some((client) => isDashboard(client.url))) return;
  await self.registration.showNotification(message.title, {
    body: typeof message.body === 'string' ? message.body : '',
    icon: '/icons/icon-192.png',
    badge: '/favicon.svg',
    ...(typeof message.tag === 'string' ? { tag: message.tag } : {}),
    data: { url: safePath(message.url) },
  });
}

/** Opens the notification's page in an open tab of the app (focused), else in a new window. */
async function openNotification(notification: Notification): Promise<void> {
  const data = notification.data as { url?: unknown } | null;
  const path = safePath(data?.url);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    const navigated = await open.navigate(path).catch(() => null);
    await (navigated ?? open).focus();
    return;
  }
  await self.clients.openWindow(path);
}

/** Listens for pushes and notification clicks. */
export function handleNotifications(): void {
  self.addEventListener('push', (event) => {
    const message = readPush(event);
    if (!message) return;
    // Broadcasts lacking a title or a message are never shown.
    if (message.kind === 'broadcast' && !(typeof message.body === 'string' && message.body.trim())) return;
    event.waitUntil(showPush(message));
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    event.waitUntil(openNotification(event.notification));
  });
}

/* Gomeum's service worker: push display, notification clicks and an offline app shell.
 * Plain JavaScript served as /sw.js (never cached by HTTP, so a new build's worker is found at once).
 * The push payload is the contract's PushMessage: { kind, title, body, url, tag, notification? }. */

const SHELL_CACHE = 'gomeum-shell-v1';
const ASSET_CACHE = 'gomeum-assets-v1';
const SHELL_URL = '/';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.add(new Request(SHELL_URL, { cache: 'no-store' })))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** Same-site path of a URL, or '/' for anything else: a push can only open this app. */
function safePath(url) {
  try {
    const parsed = new URL(url, self.location.origin);
    return parsed.origin === self.location.origin ? parsed.pathname + parsed.search + parsed.hash : '/';
  } catch {
    return '/';
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname === '/version.json' || url.pathname === '/sw.js') return;

  // Pages: the network first (fresh app), the cached shell when offline.
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            void caches.open(SHELL_CACHE).then((cache) => cache.put(SHELL_URL, copy));
          }
          return response;
        })
        .catch(() => caches.match(SHELL_URL).then((cached) => cached || Response.error())),
    );
    return;
  }

  // Hashed build files never change: the cache first, filled as they are used.
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.match(request).then(
        (cached) =>
          cached ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              void caches.open(ASSET_CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});

self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  if (!message || typeof message.title !== 'string' || !message.title.trim()) return;
  // Broadcasts lacking a title or a message are never shown.
  if (message.kind === 'broadcast' && !(typeof message.body === 'string' && message.body.trim())) return;

  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const visible = windows.filter((client) => client.visibilityState === 'visible');
      // The app is open and in view: it shows a broadcast live instead of a system notification.
      if (message.kind === 'broadcast' && message.notification && visible.length > 0) {
        const event = { type: 'notification.broadcast', notification: message.notification };
        for (const client of visible) client.postMessage({ type: 'gomeum.push', event });
        return undefined;
      }
      return self.registration.showNotification(message.title, {
        body: typeof message.body === 'string' ? message.body : '',
        icon: '/favicon.svg',
        badge: '/favicon.svg',
        tag: typeof message.tag === 'string' ? message.tag : undefined,
        data: { url: safePath(message.url) },
      });
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = safePath(event.notification.data && event.notification.data.url);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const navigated = await open.navigate(path).catch(() => null);
        return (navigated || open).focus();
      }
      return self.clients.openWindow(path);
    }),
  );
});

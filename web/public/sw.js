/* Gomeum's service worker: push display, notification clicks, and the app offline.
 * Plain JavaScript served as /sw.js (never cached by HTTP, so a new build's worker is found at once).
 * The push payload is the contract's PushMessage: { kind, title, body, url, tag, notification? }.
 *
 * Offline: installing precaches the build (the page shell and every script, stylesheet and icon a
 * user's pages load; never the dashboard's), in caches named after the build's version, so a new
 * version replaces them (the page's /version.json check also clears everything and reloads).
 * The user's last-read data (who they are, the task screen, logs, moon questions, the diary) is
 * kept from the network and answered from the cache when the network is gone. */

// Stamped by the build and the dev server (web/scripts/service-worker.ts), never served as written:
// the build's version, what to precache, the data cache's name and the API's routes this worker
// knows (web/scripts/service-worker-routes.ts, from the contracts' route table).
const BUILD = { version: 'dev', precache: [], dataCache: '', api: { prefix: '', reads: [], refreshes: [] } };

const SHELL_CACHE = `gomeum-shell-${BUILD.version}`;
const ASSET_CACHE = `gomeum-assets-${BUILD.version}`;
/** The user's last-read answers; the page deletes it when someone signs in or out (see lib/offline-data.ts). */
const DATA_CACHE = BUILD.dataCache;
const SHELL_URL = '/';

/** API reads kept for offline: who is signed in, the task screen and logs, the moon, the diary. */
const OFFLINE_READS = BUILD.api.reads.map((source) => new RegExp(source));
/** The writes that change kept reads: their method, matcher, and the reads' paths (`:name` from the write's). */
const REFRESHES = BUILD.api.refreshes.map(({ method, pattern, reads }) => ({
  method,
  pattern: new RegExp(pattern),
  reads,
}));

self.addEventListener('install', (event) => {
  event.waitUntil(
    Promise.all([
      // The bare shell, without the page the server draws for whoever asks (and that user's data):
      // it opens any page offline, and the app draws it from the kept reads.
      caches
        .open(SHELL_CACHE)
        .then((cache) =>
          cache.add(new Request(SHELL_URL, { cache: 'no-store', headers: { 'x-gomeum-shell': 'bare' } })),
        ),
      caches.open(ASSET_CACHE).then((cache) => cache.addAll(BUILD.precache)),
    ])
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter(
              (key) => key.startsWith('gomeum-') && key !== SHELL_CACHE && key !== ASSET_CACHE && key !== DATA_CACHE,
            )
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
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

/** True when a window's address is the operator's dashboard. */
function isDashboard(url) {
  try {
    return new URL(url).pathname.startsWith('/gomeum-dashboard');
  } catch {
    return false;
  }
}

/** The network's answer (kept in `cacheName` under `key` when good), else the kept one. */
function networkFirst(request, cacheName, key) {
  return fetch(request)
    .then((response) => {
      if (response.ok) {
        const copy = response.clone();
        void caches.open(cacheName).then((cache) => cache.put(key, copy));
      }
      return response;
    })
    .catch(() => caches.match(key, { cacheName }).then((cached) => cached || Response.error()));
}

/**
 * Keeps the answers a page drawn by the server came with (it read none of them through here) as
 * if they had been read through here: those kept for offline use, under their address.
 */
async function keepDrawnReads(reads) {
  const cache = await caches.open(DATA_CACHE);
  await Promise.all(
    Object.entries(reads)
      .filter(([path]) => typeof path === 'string' && OFFLINE_READS.some((pattern) => pattern.test(path)))
      .map(([path, body]) =>
        cache.put(
          path,
          new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json; charset=utf-8' } }),
        ),
      ),
  );
}

self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'gomeum.drawn-reads' || typeof data.reads !== 'object' || data.reads === null) return;
  event.waitUntil(keepDrawnReads(data.reads).catch(() => undefined));
});

/** The kept answer, else the network's (then kept). */
function cacheFirst(request, cacheName) {
  return caches.match(request).then(
    (cached) =>
      cached ||
      fetch(request).then((response) => {
        if (response.ok) {
          const copy = response.clone();
          void caches.open(cacheName).then((cache) => cache.put(request, copy));
        }
        return response;
      }),
  );
}

/** The kept reads a successful write changes (they are read again, so offline shows the new state). */
function readsChangedBy(method, pathname) {
  for (const refresh of REFRESHES) {
    const match = refresh.method === method ? refresh.pattern.exec(pathname) : null;
    if (match) return refresh.reads.map((path) => path.replace(/:([A-Za-z]+)/g, (_, name) => match.groups[name]));
  }
  return [];
}

/** Reads again the kept answers a write changed (only those already kept: nothing new is stored). */
async function refreshReads(paths) {
  const cache = await caches.open(DATA_CACHE);
  await Promise.all(
    paths.map(async (path) => {
      if (!(await cache.match(path))) return;
      const response = await fetch(path, { credentials: 'same-origin', headers: { accept: 'application/json' } });
      if (response.ok) await cache.put(path, response);
    }),
  );
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== 'GET') {
    const changed = readsChangedBy(request.method, url.pathname);
    if (changed.length > 0) {
      event.respondWith(
        fetch(request).then((response) => {
          if (response.ok) event.waitUntil(refreshReads(changed).catch(() => undefined));
          return response;
        }),
      );
    }
    return;
  }
  if (url.pathname === '/version.json' || url.pathname === '/sw.js') return;

  if (url.pathname.startsWith(BUILD.api.prefix)) {
    // Only the user's own reads, with no query: the same address always means the same data.
    if (!url.search && OFFLINE_READS.some((pattern) => pattern.test(url.pathname))) {
      event.respondWith(networkFirst(request, DATA_CACHE, url.pathname));
    }
    return;
  }

  // Pages: the network (the page drawn with the user's data, never kept), the bare shell when offline.
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(() =>
        // (Kept from a request of its own: its headers, which the answer varies by, are not this one's.)
        caches
          .match(SHELL_URL, { cacheName: SHELL_CACHE, ignoreVary: true })
          .then((cached) => cached || Response.error()),
      ),
    );
    return;
  }

  // Hashed build files never change; icons and the manifest are part of the build.
  if (
    url.pathname.startsWith('/assets/') ||
    url.pathname.startsWith('/icons/') ||
    url.pathname === '/manifest.webmanifest' ||
    url.pathname === '/favicon.svg'
  ) {
    event.respondWith(cacheFirst(request, ASSET_CACHE));
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
      // Gomeum's reaction to a proof arrives live in an open tab; the push is for when the user is away.
      if (message.kind === 'reaction' && visible.length > 0) return undefined;
      // The operator's alert: the server sends none while a dashboard is open; one in view when it
      // arrives (opened meanwhile) shows the message live already.
      if (message.kind === 'operator' && visible.some((client) => isDashboard(client.url))) return undefined;
      return self.registration.showNotification(message.title, {
        body: typeof message.body === 'string' ? message.body : '',
        icon: '/icons/icon-192.png',
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

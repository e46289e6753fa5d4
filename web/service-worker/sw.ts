/*
 * Gomeum's service worker, served as /sw.js (never cached by HTTP, so a new build's worker is found
 * at once): push display, notification clicks, and the app offline, with Workbox.
 *
 * Offline: installing precaches the build (the bare page shell and every script, stylesheet and
 * icon a user's pages load; never the dashboard's), each file under its revision, so an update
 * fetches only what changed. A precache that fails fails the install: the new worker is dropped,
 * and the one in control keeps its precache and keeps serving (Workbox deletes a previous build's
 * entries only once the new worker activates). The user's last-read data (who they are, the task
 * screen, logs, moon questions, the diary) is kept from the network and answered from the cache
 * when the network is gone; the reads come from the route table, compiled in by the build.
 */
import { cacheNames, clientsClaim, setCacheNameDetails } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { addPlugins, addRoute, getCacheKeyForURL, precache } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { handleNotifications } from './notifications.ts';
import { offlineReads } from './offline-reads.ts';

declare const self: ServiceWorkerGlobalScope;

const CONFIG = __GOMEUM_SW__;
/** The page shell, precached bare (see below) under the build's `index.html` revision. */
const SHELL_URL = '/';
/** Files of the build not precached (the dashboard's): kept once fetched, the oldest dropped. */
const FILES_CACHE = 'gomeum-files';
/** The hand-written worker's caches before Workbox (named after their build): removed once this one runs. */
const LEGACY_CACHES = /^gomeum-(shell|assets)-/;
const reads = offlineReads(CONFIG.api);

setCacheNameDetails({ prefix: 'gomeum' });

// The shell is fetched bare: never the page the server renders for whoever asks (and their data).
// It opens any page offline, and the app renders it from the cached reads.
addPlugins([
  {
    requestWillFetch: async ({ request }) =>
      new URL(request.url).pathname === SHELL_URL
        ? new Request(request, { headers: { 'x-gomeum-shell': 'bare' } })
        : request,
  },
]);
precache(self.__WB_MANIFEST);

// A new build's worker takes over as soon as its precache is complete (an install that failed
// never gets here), and controls the open tabs.
self.addEventListener('install', () => {
  void self.skipWaiting();
});
clientsClaim();
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => LEGACY_CACHES.test(key)).map((key) => caches.delete(key)))),
  );
});

/** The precached shell (kept from a request of its own: its headers, which the answer varies by, are not a page's). */
async function shell(): Promise<Response> {
  const key = getCacheKeyForURL(SHELL_URL) ?? SHELL_URL;
  return (await caches.match(key, { cacheName: cacheNames.precache, ignoreVary: true })) ?? Response.error();
}

// Pages: the network (the page rendered with the user's data, never cached), the bare shell when offline.
registerRoute(new NavigationRoute(new NetworkOnly({ plugins: [{ handlerDidError: shell }] })));

// The build's files: from the precache.
addRoute();

/** Same-site requests only. */
const ours = (url: URL) => url.origin === self.location.origin;

// The user's own reads, with no query (the same address always means the same data): the
// network's answer, cached under its path; the cached one when the network is gone.
registerRoute(
  ({ url }) => ours(url) && url.pathname.startsWith(CONFIG.api.prefix) && !url.search && reads.keeps(url.pathname),
  new NetworkFirst({
    cacheName: CONFIG.dataCache,
    plugins: [{ cacheKeyWillBeUsed: async ({ request }) => new URL(request.url).pathname }],
  }),
);

/** Reads again the cached answers a write changed (only those already cached: nothing new is stored). */
async function refreshReads(paths: string[]): Promise<void> {
  const cache = await caches.open(CONFIG.dataCache);
  await Promise.all(
    paths.map(async (path) => {
      if (!(await cache.match(path))) return;
      const response = await fetch(path, { credentials: 'same-origin', headers: { accept: 'application/json' } });
      if (response.ok) await cache.put(path, response);
    }),
  );
}

// A write that changes cached reads: once it succeeds, those reads are read again, so offline shows the new state.
for (const method of reads.writeMethods) {
  registerRoute(
    ({ url }) => ours(url) && reads.changedBy(method, url.pathname).length > 0,
    async ({ request, event, url }) => {
      const response = await fetch(request);
      if (response.ok) event.waitUntil(refreshReads(reads.changedBy(method, url.pathname)).catch(() => undefined));
      return response;
    },
    method as 'POST' | 'PUT' | 'DELETE',
  );
}

// The build's files not precached (hashed, never changed; icons and the manifest are part of the build).
registerRoute(
  ({ url }) =>
    ours(url) &&
    (url.pathname.startsWith('/assets/') ||
      url.pathname.startsWith('/icons/') ||
      url.pathname === '/manifest.webmanifest' ||
      url.pathname === '/favicon.svg'),
  new CacheFirst({
    cacheName: FILES_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
  }),
);

/**
 * Keeps the answers a page rendered by the server came with (it read none of them through here) as
 * if they had been read through here: those cached for offline use, under their address.
 */
async function cacheRenderedReads(rendered: object): Promise<void> {
  const cache = await caches.open(CONFIG.dataCache);
  await Promise.all(
    Object.entries(rendered)
      .filter(([path]) => reads.keeps(path))
      .map(([path, body]) =>
        cache.put(
          path,
          new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json; charset=utf-8' } }),
        ),
      ),
  );
}

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null) return;
  const { type, reads: rendered } = data as { type?: unknown; reads?: unknown };
  if (type !== 'gomeum.rendered-reads' || typeof rendered !== 'object' || rendered === null) return;
  event.waitUntil(cacheRenderedReads(rendered).catch(() => undefined));
});

handleNotifications();

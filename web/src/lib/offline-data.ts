/** The service worker's cache of the user's last-read answers (the build stamps its name into public/sw.js). */
export const OFFLINE_DATA_CACHE = 'gomeum-data-v1';

/**
 * Forgets the last-read answers cached for offline use: called when someone signs in or out, so the
 * next person on this browser never sees the previous one's data, even offline.
 */
export function forgetOfflineData(): void {
  if (typeof caches === 'undefined') return;
  caches.delete(OFFLINE_DATA_CACHE).catch((error: unknown) => console.warn('offline data not cleared', error));
}

/**
 * Hands the answers a page rendered by the server was dehydrated with to the service worker, which
 * caches those it caches for offline use, as if the app had fetched them through it (sw.ts).
 */
export function cacheRenderedReads(reads: Record<string, unknown>): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.ready
    .then((registration) => registration.active?.postMessage({ type: 'gomeum.rendered-reads', reads }))
    .catch((error: unknown) => console.warn('rendered reads not cached for offline use', error));
}

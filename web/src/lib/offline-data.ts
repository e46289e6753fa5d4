/** The service worker's cache of the user's last-read answers (the build stamps its name into public/sw.js). */
export const OFFLINE_DATA_CACHE = 'gomeum-data-v1';

/**
 * Forgets the last-read answers kept for offline use: called when someone signs in or out, so the
 * next person on this browser never sees the previous one's data, even offline.
 */
export function forgetOfflineData(): void {
  if (typeof caches === 'undefined') return;
  caches.delete(OFFLINE_DATA_CACHE).catch((error: unknown) => console.warn('offline data not cleared', error));
}

/**
 * Hands the answers a page drawn by the server came with to the service worker, which keeps those
 * it keeps for offline use, as it would have had the app read them through it (public/sw.js).
 */
export function keepDrawnReads(reads: Record<string, unknown>): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.ready
    .then((registration) => registration.active?.postMessage({ type: 'gomeum.drawn-reads', reads }))
    .catch((error: unknown) => console.warn('drawn reads not kept for offline use', error));
}

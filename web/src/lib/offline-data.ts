/** The service worker's cache of the user's last-read answers (kept in step with public/sw.js). */
export const OFFLINE_DATA_CACHE = 'gomeum-data-v1';

/**
 * Forgets the last-read answers kept for offline use: called when someone signs in or out, so the
 * next person on this browser never sees the previous one's data, even offline.
 */
export function forgetOfflineData(): void {
  if (typeof caches === 'undefined') return;
  caches.delete(OFFLINE_DATA_CACHE).catch((error: unknown) => console.warn('offline data not cleared', error));
}

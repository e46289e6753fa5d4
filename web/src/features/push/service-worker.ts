import { showBroadcast } from '../notifications/index.ts';

/** The message `/sw.js` posts to open tabs instead of showing a system notification. */
const PUSH_MESSAGE = 'gomeum.push';

/** True when this browser can run the service worker. */
export function serviceWorkerSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

/**
 * Registers `/sw.js` (push display, notification clicks, offline app shell) and shows broadcasts
 * it hands to this tab while the app is open. Failure is only logged: the app works without it.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!serviceWorkerSupported()) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
    const data = event.data;
    if (typeof data === 'object' && data !== null && 'type' in data && data.type === PUSH_MESSAGE && 'event' in data) {
      showBroadcast(data.event);
    }
  });
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  } catch (error) {
    console.warn('service worker not registered', error);
  }
}

import type { Language } from '@gomeum/contracts';
import { subscribeToPush, unsubscribeFromPush } from './api/push-subscription.ts';
import { serviceWorkerSupported } from './service-worker.ts';

/** Where "no notifications" is remembered ("Not now" in the prompt, or turned off in the account menu). */
export const PUSH_DECLINED_KEY = 'gomeum.push.declined';

/**
 * Where notifications stand in this browser: `on` (allowed and wanted), `off` (not asked yet, or
 * the user said no here), `blocked` (the browser refuses; only its settings can change that),
 * `unsupported` (no Notification, PushManager or service worker).
 */
export type PushStatus = 'on' | 'off' | 'blocked' | 'unsupported';

/** True when this browser can receive Web Push. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'Notification' in window && 'PushManager' in window && serviceWorkerSupported()
  );
}

function readDeclined(): boolean {
  // The server's render has no storage (checked first: a thrown error costs the render its stack).
  if (typeof localStorage === 'undefined') return false;
  try {
    return localStorage.getItem(PUSH_DECLINED_KEY) === '1';
  } catch {
    return false;
  }
}

function writeDeclined(value: boolean): void {
  try {
    if (value) localStorage.setItem(PUSH_DECLINED_KEY, '1');
    else localStorage.removeItem(PUSH_DECLINED_KEY);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

/** What the prompt and the account menu both read. */
export interface PushState {
  permission: NotificationPermission | 'unsupported';
  declined: boolean;
}

let state: PushState = read();
const listeners = new Set<() => void>();

function read(): PushState {
  return { permission: pushSupported() ? Notification.permission : 'unsupported', declined: readDeclined() };
}

function set(next: PushState): void {
  if (next.permission === state.permission && next.declined === state.declined) return;
  state = next;
  for (const listener of listeners) listener();
}

/** The current state (for useSyncExternalStore). */
export function pushState(): PushState {
  return state;
}

/** Subscribes to changes of the state (for useSyncExternalStore). */
export function subscribePushState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Reads the browser's permission and the remembered choice again (the user may have changed site settings). */
export function refreshPushState(): void {
  set(read());
}

/** The state as one word. */
export function pushStatus({ permission, declined }: PushState): PushStatus {
  if (permission === 'unsupported') return 'unsupported';
  if (permission === 'denied') return 'blocked';
  return permission === 'granted' && !declined ? 'on' : 'off';
}

/** Remembers "not now" without asking the browser anything. */
export function declinePush(): void {
  writeDeclined(true);
  set({ ...state, declined: true });
}

/**
 * Turns notifications on: asks the browser when it has not been asked, then subscribes and stores
 * the subscription. Resolves to the resulting status; throws when the browser or its push service
 * refuses to subscribe (the choice stays "off").
 */
export async function turnPushOn(locale: Language): Promise<PushStatus> {
  if (!pushSupported()) return 'unsupported';
  const permission =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') {
    if (permission === 'denied') writeDeclined(true);
    set({ permission, declined: readDeclined() });
    return pushStatus(state);
  }
  try {
    await subscribeToPush(locale);
  } catch (error) {
    writeDeclined(true);
    set({ permission, declined: true });
    throw error;
  }
  writeDeclined(false);
  set({ permission, declined: false });
  return 'on';
}

/**
 * Turns notifications off for this browser: the choice is remembered (so nothing subscribes it
 * again), the server forgets the subscription and the browser ends it.
 */
export async function turnPushOff(): Promise<void> {
  writeDeclined(true);
  set({ ...state, declined: true });
  if (pushSupported()) await unsubscribeFromPush({ forget: true });
}

import { useSyncExternalStore } from 'react';
import { pushState, pushStatus, subscribePushState, type PushState, type PushStatus } from './push-state.ts';

/** What the server renders (it knows no browser), and so what hydration starts from before reading the browser's. */
const SERVER_STATE: PushState = { permission: 'unsupported', declined: false };

/** Where notifications stand in this browser, kept current as the prompt or the account menu changes them. */
export function usePushStatus(): PushStatus {
  return pushStatus(useSyncExternalStore(subscribePushState, pushState, () => SERVER_STATE));
}

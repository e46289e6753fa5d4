import { useSyncExternalStore } from 'react';
import { pushState, pushStatus, subscribePushState, type PushStatus } from './push-state.ts';

/** Where notifications stand in this browser, kept current as the prompt or the account menu changes them. */
export function usePushStatus(): PushStatus {
  return pushStatus(useSyncExternalStore(subscribePushState, pushState, pushState));
}

/** Web Push: the sign-in permission prompt, the on/off state the account menu shows, and the service worker's registration. */
export { PushPrompt } from './components/push-prompt.tsx';
export { PUSH_DECLINED_KEY, refreshPushState, turnPushOff, turnPushOn, type PushStatus } from './push-state.ts';
export { usePushStatus } from './use-push-status.ts';
export { registerServiceWorker } from './service-worker.ts';

/** Web Push: the sign-in permission prompt and the service worker's registration. */
export { PushPrompt, PUSH_DECLINED_KEY } from './components/push-prompt.tsx';
export { registerServiceWorker } from './service-worker.ts';
export { pushSupported, subscribeToPush } from './api/push-subscription.ts';

/**
 * Web Push: the subscription kept with whoever is signed in, the question asked at a moment that
 * gives it meaning (after a proof, or writing while Gomeum is away), the on/off state the account
 * menu shows, and the service worker's registration.
 */
export { PushOffer, type PushOfferReason } from './components/push-offer.tsx';
/** The offer's code alone, for a page that shows it only after something happens (a chunk of its own). */
export const loadPushOffer = () => import('./components/push-offer.tsx');
export { PushSync } from './components/push-sync.tsx';
export { PUSH_DECLINED_KEY, refreshPushState, turnPushOff, turnPushOn, type PushStatus } from './push-state.ts';
export { usePushStatus } from './use-push-status.ts';
export { registerServiceWorker } from './service-worker.ts';

/** Broadcasts shown live: hand `showBroadcast` any live event; the shell renders `BroadcastToasts`. */
export { BroadcastToasts } from './components/broadcast-toasts.tsx';
export { dismissBroadcast, resetBroadcasts, showBroadcast } from './broadcast-store.ts';

/** The operator's chat inbox and presence switch, for the dashboard only (its lazy chunk): never re-exported by index.ts. */
export { ChatSection } from './components/chat-section.tsx';
export { PresenceSwitch } from './components/presence-switch.tsx';
export { useUnreadTotal } from './api/chat-inbox.ts';

/** The operator's broadcast form and history, for the dashboard only (its lazy chunk): never re-exported by index.ts. */
export { BroadcastSection } from './components/broadcast-section.tsx';

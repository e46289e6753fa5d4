/** The operator's update-log editor, for the dashboard only (its lazy chunk): never re-exported by index.ts. */
export { UpdatesSection } from './components/updates-section.tsx';

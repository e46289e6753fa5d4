/** The operator's moon screen, for the dashboard only (its lazy chunk): never re-exported by index.ts. */
export { MoonSection } from './components/moon-section.tsx';

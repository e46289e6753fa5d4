export { PlanetPage } from './components/planet-page.tsx';
/** What the planet page reads first: its task's summary (the tasks feature's). */
export { prefetchPlanetSummary as prefetchPlanetPage } from '../tasks/index.ts';

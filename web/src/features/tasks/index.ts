export { PlanetSummary } from './components/planet-summary.tsx';
export { prefetchPlanetSummary } from './api/first-reads-planet.ts';

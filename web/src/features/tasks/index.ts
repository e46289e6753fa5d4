export { PlanetSummary } from './components/planet-summary.tsx';
export { prefetchPlanetSummary } from './api/prefetch-planet.ts';

export { GalaxyPage } from './components/galaxy-page.tsx';
export { prefetchGalaxy } from './api/get-galaxy.ts';

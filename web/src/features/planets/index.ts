export { PlanetPage } from './components/planet-page.tsx';

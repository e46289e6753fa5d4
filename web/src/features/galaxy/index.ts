export { GalaxyPage } from './components/galaxy-page.tsx';

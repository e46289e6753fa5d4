/** The moon: numbered questions, Gomeum's answers and the user's own. */
export { MoonPage } from './components/moon-page.tsx';

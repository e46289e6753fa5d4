/** The moon: numbered questions, Gomeum's answers and the user's own. */
export { MoonPage } from './components/moon-page.tsx';
export { prefetchMoon } from './api/get-moon-questions.ts';

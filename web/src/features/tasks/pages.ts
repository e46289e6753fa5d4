/**
 * The task screen and the two log pages as their own entry: the router loads it lazily, while the
 * planet summary (index.ts) goes with the planet page.
 */
export { GomeumLogPage, UserLogPage } from './components/log-pages.tsx';
export { TaskPage } from './components/task-page.tsx';
export { prefetchTaskPage } from './api/prefetch-task-page.ts';

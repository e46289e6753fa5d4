export { GomeumLogPage, UserLogPage } from './components/log-pages.tsx';
export { TaskPage } from './components/task-page.tsx';

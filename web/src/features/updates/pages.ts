/**
 * The diary's page, `/update/{id}`, as its own entry: the router loads it lazily, while the
 * diary button (index.ts) is part of every page's shell.
 */
export { UpdatePage } from './components/update-page.tsx';

/**
 * The register/log-in page as its own entry: the router loads it lazily, while the account
 * button and the session hooks (index.ts) are part of every page's shell.
 */
export { RegisterPage } from './components/register-page.tsx';

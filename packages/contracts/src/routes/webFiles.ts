// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import type { RouteDef } from '../route.ts';

/** The build's files (only with a web build); other pages are the app shell, from the not-found handler. */
export const webFiles = { method: 'GET', path: '/*', auth: 'public', kind: 'page' } as const satisfies RouteDef;

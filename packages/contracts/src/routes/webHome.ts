// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import type { RouteDef } from '../route.ts';

/** The home page: the app shell (only with a web build). */
export const webHome = { method: 'GET', path: '/', auth: 'public', kind: 'page' } as const satisfies RouteDef;

// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import type { RouteDef } from '../route.ts';

/** Prometheus metrics, for the operator's monitoring (token or allowed addresses). */
export const metrics = { method: 'GET', path: '/metrics', auth: 'scraper', kind: 'text' } as const satisfies RouteDef;

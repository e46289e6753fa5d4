// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { healthSchema } from '../system.ts';
import type { RouteDef } from '../route.ts';

/** The process is alive and serving HTTP. */
export const health = {
  method: 'GET',
  path: '/healthz',
  auth: 'public',
  kind: 'json',
  response: healthSchema,
} as const satisfies RouteDef;

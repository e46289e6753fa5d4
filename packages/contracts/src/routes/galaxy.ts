// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { galaxyStandingSchema } from '../progress.ts';
import type { RouteDef } from '../route.ts';

export const galaxy = {
  method: 'GET',
  path: '/api/galaxy',
  auth: 'user',
  kind: 'json',
  response: galaxyStandingSchema,
} as const satisfies RouteDef;

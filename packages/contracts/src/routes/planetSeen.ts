// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { okSchema } from '../auth.ts';
import { planetParamsSchema } from '../tasks.ts';
import type { RouteDef } from '../route.ts';

export const planetSeen = {
  method: 'POST',
  path: '/api/planets/:planetId/seen',
  auth: 'user',
  kind: 'json',
  params: planetParamsSchema,
  response: okSchema,
} as const satisfies RouteDef;

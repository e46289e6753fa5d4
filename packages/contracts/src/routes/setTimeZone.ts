// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { okSchema } from '../auth.ts';
import { timeZoneBodySchema } from '../progress.ts';
import type { RouteDef } from '../route.ts';

export const setTimeZone = {
  method: 'PUT',
  path: '/api/me/time-zone',
  auth: 'user',
  kind: 'json',
  body: timeZoneBodySchema,
  response: okSchema,
} as const satisfies RouteDef;

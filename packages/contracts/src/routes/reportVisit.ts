// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { okSchema } from '../auth.ts';
import { visitBodySchema } from '../visits.ts';
import type { RouteDef } from '../route.ts';

/** The web app reports each navigation of a signed-in user. */
export const reportVisit = {
  method: 'POST',
  path: '/api/visits',
  auth: 'user',
  kind: 'json',
  body: visitBodySchema,
  response: okSchema,
} as const satisfies RouteDef;

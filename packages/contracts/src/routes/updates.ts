// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import type { RouteDef } from '../route.ts';
import { updateListSchema } from '../updates.ts';

/** Open to everyone, signed in or not, like `/update/{id}`. */
export const updates = {
  method: 'GET',
  path: '/api/updates',
  auth: 'public',
  kind: 'json',
  response: updateListSchema,
} as const satisfies RouteDef;

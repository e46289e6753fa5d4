// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { updateIdParamsSchema, updateSchema } from '../updates.ts';
import type { RouteDef } from '../route.ts';

export const update = {
  method: 'GET',
  path: '/api/updates/:id',
  auth: 'public',
  kind: 'json',
  params: updateIdParamsSchema,
  response: updateSchema,
} as const satisfies RouteDef;

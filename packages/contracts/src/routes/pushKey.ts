// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { pushKeySchema } from '../push.ts';
import type { RouteDef } from '../route.ts';

export const pushKey = {
  method: 'GET',
  path: '/api/push/key',
  auth: 'public',
  kind: 'json',
  response: pushKeySchema,
} as const satisfies RouteDef;

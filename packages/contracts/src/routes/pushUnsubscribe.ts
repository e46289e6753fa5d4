// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { okSchema } from '../auth.ts';
import { pushUnsubscribeBodySchema } from '../push.ts';
import type { RouteDef } from '../route.ts';

export const pushUnsubscribe = {
  method: 'DELETE',
  path: '/api/push/subscriptions',
  auth: 'user',
  kind: 'json',
  body: pushUnsubscribeBodySchema,
  response: okSchema,
} as const satisfies RouteDef;

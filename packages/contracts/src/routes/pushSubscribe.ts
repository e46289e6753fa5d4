// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { okSchema } from '../auth.ts';
import { pushSubscriptionBodySchema } from '../push.ts';
import type { RouteDef } from '../route.ts';

export const pushSubscribe = {
  method: 'POST',
  path: '/api/push/subscriptions',
  auth: 'user',
  kind: 'json',
  body: pushSubscriptionBodySchema,
  response: okSchema,
} as const satisfies RouteDef;

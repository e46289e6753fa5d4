// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { authResultSchema, registerBodySchema } from '../auth.ts';
import type { RouteDef } from '../route.ts';

export const register = {
  method: 'POST',
  path: '/api/auth/register',
  auth: 'public',
  kind: 'json',
  body: registerBodySchema,
  response: authResultSchema,
} as const satisfies RouteDef;

// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { authResultSchema, loginBodySchema } from '../auth.ts';
import type { RouteDef } from '../route.ts';

export const login = {
  method: 'POST',
  path: '/api/auth/login',
  auth: 'public',
  kind: 'json',
  body: loginBodySchema,
  response: authResultSchema,
} as const satisfies RouteDef;

// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { okSchema } from '../auth.ts';
import type { RouteDef } from '../route.ts';

export const logout = {
  method: 'POST',
  path: '/api/auth/logout',
  auth: 'public',
  kind: 'json',
  response: okSchema,
} as const satisfies RouteDef;

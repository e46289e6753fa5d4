// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { authResultSchema } from '../auth.ts';
import type { RouteDef } from '../route.ts';

/** A guest account, one per browser (the guest cookie brings the same one back). */
export const guest = {
  method: 'POST',
  path: '/api/auth/guest',
  auth: 'public',
  kind: 'json',
  response: authResultSchema,
} as const satisfies RouteDef;

// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { meReplySchema } from '../auth.ts';
import type { RouteDef } from '../route.ts';

/** Who is asking: `null` for a visitor who is not signed in. */
export const me = {
  method: 'GET',
  path: '/api/me',
  auth: 'public',
  kind: 'json',
  response: meReplySchema,
} as const satisfies RouteDef;

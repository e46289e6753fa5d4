// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { versionSchema } from '../system.ts';
import type { RouteDef } from '../route.ts';

/** The build's version, never cached: open tabs compare it with their own. */
export const version = {
  method: 'GET',
  path: '/version.json',
  auth: 'public',
  kind: 'json',
  response: versionSchema,
} as const satisfies RouteDef;

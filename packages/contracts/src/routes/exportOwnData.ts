// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import type { RouteDef } from '../route.ts';

/** A ZIP of everything held about the signed-in user (JSON plus their images). */
export const exportOwnData = {
  method: 'GET',
  path: '/api/me/export',
  auth: 'user',
  kind: 'download',
} as const satisfies RouteDef;

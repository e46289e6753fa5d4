// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { fileParamsSchema } from '../system.ts';
import type { RouteDef } from '../route.ts';

/** An uploaded image. Private ones (proofs) exist only for their owner and the operator. */
export const file = {
  method: 'GET',
  path: '/api/files/:folder/:name',
  auth: 'owner',
  kind: 'download',
  params: fileParamsSchema,
} as const satisfies RouteDef;

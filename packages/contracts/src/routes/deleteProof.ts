// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { deleteProofResultSchema, proofParamsSchema } from '../progress.ts';
import type { RouteDef } from '../route.ts';

export const deleteProof = {
  method: 'DELETE',
  path: '/api/planets/:planetId/logs/:logId',
  auth: 'user',
  kind: 'json',
  params: proofParamsSchema,
  response: deleteProofResultSchema,
} as const satisfies RouteDef;

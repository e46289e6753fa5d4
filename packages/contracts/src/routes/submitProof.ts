// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { planetParamsSchema, proofFieldsSchema, submitProofResultSchema } from '../tasks.ts';
import type { RouteDef } from '../route.ts';

/** A proof: the form's text fields, and at most one image. */
export const submitProof = {
  method: 'POST',
  path: '/api/planets/:planetId/logs',
  auth: 'user',
  kind: 'upload',
  params: planetParamsSchema,
  form: proofFieldsSchema,
  response: submitProofResultSchema,
} as const satisfies RouteDef;

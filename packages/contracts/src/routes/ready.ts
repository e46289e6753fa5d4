// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { readinessSchema } from '../system.ts';
import type { RouteDef } from '../route.ts';

/** Whether the database, storage and Redis answer: 200 `ready`/`degraded`, 503 `unavailable`. */
export const ready = {
  method: 'GET',
  path: '/readyz',
  auth: 'public',
  kind: 'json',
  response: readinessSchema,
  otherResponses: { 503: readinessSchema },
} as const satisfies RouteDef;

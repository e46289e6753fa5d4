// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { taskProgressResultSchema } from '../progress.ts';
import { planetParamsSchema } from '../tasks.ts';
import type { RouteDef } from '../route.ts';

export const taskProgress = {
  method: 'GET',
  path: '/api/planets/:planetId/progress',
  auth: 'user',
  kind: 'json',
  params: planetParamsSchema,
  response: taskProgressResultSchema,
} as const satisfies RouteDef;

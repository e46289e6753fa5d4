// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { planetParamsSchema, taskScreenSchema } from '../tasks.ts';
import type { RouteDef } from '../route.ts';

export const taskScreen = {
  method: 'GET',
  path: '/api/planets/:planetId/task',
  auth: 'user',
  kind: 'json',
  params: planetParamsSchema,
  response: taskScreenSchema,
} as const satisfies RouteDef;

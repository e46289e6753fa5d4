// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { confirmTaskWithGoalBodySchema } from '../progress.ts';
import { planetParamsSchema, userTaskSchema } from '../tasks.ts';
import type { RouteDef } from '../route.ts';

export const confirmTask = {
  method: 'PUT',
  path: '/api/planets/:planetId/task',
  auth: 'user',
  kind: 'json',
  params: planetParamsSchema,
  body: confirmTaskWithGoalBodySchema,
  response: userTaskSchema,
} as const satisfies RouteDef;

// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { logListQuerySchema, planetParamsSchema, taskLogListSchema } from '../tasks.ts';
import type { RouteDef } from '../route.ts';

export const taskLogs = {
  method: 'GET',
  path: '/api/planets/:planetId/logs',
  auth: 'user',
  kind: 'json',
  params: planetParamsSchema,
  query: logListQuerySchema,
  response: taskLogListSchema,
} as const satisfies RouteDef;

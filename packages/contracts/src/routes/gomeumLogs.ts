// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { gomeumLogListSchema, logListQuerySchema, planetParamsSchema } from '../tasks.ts';
import type { RouteDef } from '../route.ts';

export const gomeumLogs = {
  method: 'GET',
  path: '/api/gomeum-logs/:planetId',
  auth: 'user',
  kind: 'json',
  params: planetParamsSchema,
  query: logListQuerySchema,
  response: gomeumLogListSchema,
} as const satisfies RouteDef;

// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { reminderResultSchema } from '../reminders.ts';
import { planetParamsSchema } from '../tasks.ts';
import type { RouteDef } from '../route.ts';

export const reminder = {
  method: 'GET',
  path: '/api/planets/:planetId/reminder',
  auth: 'user',
  kind: 'json',
  params: planetParamsSchema,
  response: reminderResultSchema,
} as const satisfies RouteDef;

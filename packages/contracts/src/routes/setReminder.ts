// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { reminderBodySchema, reminderResultSchema } from '../reminders.ts';
import { planetParamsSchema } from '../tasks.ts';
import type { RouteDef } from '../route.ts';

export const setReminder = {
  method: 'PUT',
  path: '/api/planets/:planetId/reminder',
  auth: 'user',
  kind: 'json',
  params: planetParamsSchema,
  body: reminderBodySchema,
  response: reminderResultSchema,
} as const satisfies RouteDef;

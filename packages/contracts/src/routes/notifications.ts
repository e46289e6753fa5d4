// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { notificationListSchema } from '../notifications.ts';
import type { RouteDef } from '../route.ts';

export const notifications = {
  method: 'GET',
  path: '/api/notifications',
  auth: 'user',
  kind: 'json',
  response: notificationListSchema,
} as const satisfies RouteDef;

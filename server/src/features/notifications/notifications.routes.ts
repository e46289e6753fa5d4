import {
  API,
  errorBodySchema,
  notificationBodySchema,
  notificationListSchema,
  sentNotificationListSchema,
  sentNotificationSchema,
} from '@gomeum/contracts';
import { operatorOnly, userOnly } from '../../lib/auth-guard.ts';
import type { App } from '../../lib/zod-provider.ts';
import type { NotificationsService } from './notifications.service.ts';

/** Broadcasts: every signed-in user reads the history; only the operator sends and sees delivery. */
export async function notificationsRoutes(app: App, options: { notifications: NotificationsService }): Promise<void> {
  const { notifications } = options;

  app.get(
    API.notifications,
    { onRequest: userOnly, schema: { response: { 200: notificationListSchema, 401: errorBodySchema } } },
    async () => ({ notifications: await notifications.history() }),
  );

  app.get(
    API.operatorNotifications,
    {
      onRequest: operatorOnly,
      schema: { response: { 200: sentNotificationListSchema, 401: errorBodySchema, 403: errorBodySchema } },
    },
    async () => ({ notifications: await notifications.sentHistory() }),
  );

  app.post(
    API.operatorNotifications,
    {
      onRequest: operatorOnly,
      schema: {
        body: notificationBodySchema,
        response: { 200: sentNotificationSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => notifications.broadcast(request.body),
  );
}

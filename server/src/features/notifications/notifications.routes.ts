import { perPerson } from '../../lib/route-limits.ts';
import { addRoute, ROUTES } from '../../lib/route-table.ts';
import type { App } from '../../lib/zod-provider.ts';
import type { NotificationsService } from './notifications.service.ts';

/** Broadcasts: every signed-in user reads the history; only the operator sends and sees delivery. */
export async function notificationsRoutes(app: App, options: { notifications: NotificationsService }): Promise<void> {
  const { notifications } = options;

  addRoute(app, ROUTES.notifications, async () => ({ notifications: await notifications.history() }));

  addRoute(app, ROUTES.sentNotifications, async () => ({ notifications: await notifications.sentHistory() }));

  addRoute(app, ROUTES.broadcast, perPerson(30), async (request) => notifications.broadcast(request.body));
}

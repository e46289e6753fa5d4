import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PopupLinks } from '../home/index.ts';
import type { PushSender } from '../../lib/push-sender.ts';
import type { FeaturePlugin } from '../../lib/zod-provider.ts';
import { NotificationsRepository } from './notifications.repository.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { NotificationsService, type PublishBroadcast } from './notifications.service.ts';

export type { NotificationsService } from './notifications.service.ts';

/** Broadcasts: stored, then to open tabs through `publish` (the live channel) and to closed ones by push. */
export function createNotifications(deps: {
  db: Kysely<Database>;
  push: PushSender;
  publish: PublishBroadcast;
  now: () => number;
  popupLinks: Pick<PopupLinks, 'path'>;
}): { notifications: NotificationsService; plugin: FeaturePlugin } {
  const notifications = new NotificationsService(
    new NotificationsRepository(deps.db),
    deps.now,
    deps.popupLinks,
    deps.push,
    deps.publish,
  );
  return { notifications, plugin: (app) => notificationsRoutes(app, { notifications }) };
}

import type { BroadcastEvent, Notification, NotificationBody } from '@gomeum/contracts';
import { BROADCAST_EVENT, broadcastPopupPath, isShowableNotification } from '@gomeum/contracts';
import { newId } from '../../lib/ids.ts';
import { noPushSender, type PushSender } from '../../lib/push-sender.ts';
import type { NotificationRow, NotificationsRepository } from './notifications.repository.ts';

/** How many broadcasts the history lists. */
const HISTORY_SIZE = 100;
/** Every broadcast is signed by Gomeum. */
const SENDER = 'Gomeum';

/** Hands a live event to every open tab; the live channel provides it, and it defaults to nothing. */
export type PublishBroadcast = (event: BroadcastEvent) => void | Promise<void>;

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    sender: row.sender,
    createdAt: row.created_at,
  };
}

/** Broadcasts to every user: stored, shown live in open tabs, and pushed to closed ones. */
export class NotificationsService {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly now: () => number,
    private readonly push: PushSender = noPushSender,
    private readonly publish: PublishBroadcast = () => undefined,
  ) {}

  /** Stores a broadcast, then tells open tabs (live event) and every push subscription. */
  async broadcast(body: NotificationBody): Promise<Notification> {
    const row: NotificationRow = {
      id: newId(),
      title: body.title,
      message: body.message,
      sender: SENDER,
      created_at: this.now(),
    };
    await this.notifications.insert(row);
    const notification = toNotification(row);
    await this.publish({ type: BROADCAST_EVENT, notification });
    this.push.sendToAll(() => ({
      kind: 'broadcast',
      title: notification.title,
      body: notification.message,
      url: broadcastPopupPath(notification),
      tag: `broadcast-${notification.id}`,
      notification,
    }));
    return notification;
  }

  /** The history, newest first; broadcasts lacking a title or a message are never shown. */
  async history(): Promise<Notification[]> {
    return (await this.notifications.list(HISTORY_SIZE)).map(toNotification).filter(isShowableNotification);
  }
}

import type { BroadcastEvent, Notification, NotificationBody, PushDelivery, SentNotification } from '@gomeum/contracts';
import { BROADCAST_EVENT, broadcastPopupPath, isShowableNotification } from '@gomeum/contracts';
import { newId } from '../../lib/ids.ts';
import { noPushSender, type PushSender } from '../../lib/push-sender.ts';
import type { NotificationRow, NotificationsRepository } from './notifications.repository.ts';

/** How many broadcasts the history lists. */
const HISTORY_SIZE = 100;
/** Every broadcast is signed by Gomeum. */
const SENDER = 'Gomeum';
/** A delivery with no result after this long was cut short (the server stopped while sending). */
const DELIVERY_DEADLINE_MS = 60 * 60 * 1000;

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

function toSentNotification(row: NotificationRow, now: number): SentNotification {
  let push: PushDelivery;
  if (row.push_delivered !== null && row.push_failed !== null) {
    push = { state: 'done', delivered: row.push_delivered, failed: row.push_failed };
  } else {
    push = { state: now - row.created_at > DELIVERY_DEADLINE_MS ? 'unfinished' : 'sending' };
  }
  return { ...toNotification(row), push };
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
  async broadcast(body: NotificationBody): Promise<SentNotification> {
    const row: NotificationRow = {
      id: newId(),
      title: body.title,
      message: body.message,
      sender: SENDER,
      created_at: this.now(),
      push_delivered: null,
      push_failed: null,
    };
    await this.notifications.insert(row);
    const notification = toNotification(row);
    await this.publish({ type: BROADCAST_EVENT, notification });
    this.push.sendToAll(
      () => ({
        kind: 'broadcast',
        title: notification.title,
        body: notification.message,
        url: broadcastPopupPath(notification),
        tag: `broadcast-${notification.id}`,
        notification,
      }),
      ({ delivered, failed }) => this.notifications.setDelivery(row.id, delivered, failed),
    );
    return toSentNotification(row, this.now());
  }

  /** Operator: the history with each broadcast's push delivery, newest first. */
  async sentHistory(): Promise<SentNotification[]> {
    const now = this.now();
    return (await this.notifications.list(HISTORY_SIZE))
      .filter((row) => isShowableNotification(row))
      .map((row) => toSentNotification(row, now));
  }

  /** The history, newest first; broadcasts lacking a title or a message are never shown. */
  async history(): Promise<Notification[]> {
    return (await this.notifications.list(HISTORY_SIZE)).map(toNotification).filter(isShowableNotification);
  }
}

import type {
  BroadcastEvent,
  BroadcastWords,
  Language,
  Notification,
  NotificationBody,
  PushDelivery,
  SentNotification,
} from '@gomeum/contracts';
import {
  broadcastIn,
  BROADCAST_EVENT,
  firstWrittenLanguage,
  isLanguage,
  isShowableNotification,
  popupDate,
} from '@gomeum/contracts';
import type { PopupLinks } from '../home/index.ts';
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

/** Signs a popup link (the home feature's). */
type SignPopup = Pick<PopupLinks, 'path'>;

/** One language's title and message, as the `languages` column keeps them. */
type Written = Partial<Record<Language, { title: string; message: string }>>;

/** The `languages` column read back; nothing when it is empty or unreadable. */
function parseLanguages(value: string | null): Written {
  if (!value) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== 'object' || parsed === null) return {};
    const written: Written = {};
    for (const [language, words] of Object.entries(parsed)) {
      const { title, message } = (words ?? {}) as { title?: unknown; message?: unknown };
      if (isLanguage(language) && typeof title === 'string' && typeof message === 'string') {
        written[language] = { title, message };
      }
    }
    return written;
  } catch {
    return {};
  }
}

/** A broadcast with its popup link (its title and day, signed), in each language it was written in. */
function toNotification(row: NotificationRow, links: SignPopup): Notification {
  const date = popupDate(row.created_at);
  const popupPath = (title: string) => links.path({ title, date, image: null, video: null });
  const written = Object.entries(parseLanguages(row.languages));
  const languages = Object.fromEntries(
    written.map(([language, words]) => [language, { ...words, popupPath: popupPath(words.title) }]),
  ) as Partial<Record<Language, BroadcastWords>>;
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    sender: row.sender,
    createdAt: row.created_at,
    popupPath: popupPath(row.title),
    ...(written.length > 0 ? { languages } : {}),
  };
}

/**
 * What is stored of the operator's broadcast: every language written (blank ones dropped), and as
 * its own words those in English, else the first language written, else the title and message.
 */
function fromBody(body: NotificationBody): Pick<NotificationRow, 'title' | 'message' | 'languages'> {
  const written: Written = { ...body.languages };
  const own = written[firstWrittenLanguage(written) ?? 'en'] ?? body;
  const languages = Object.keys(written).length > 0 ? JSON.stringify(written) : null;
  return { title: own.title, message: own.message, languages };
}

function toSentNotification(row: NotificationRow, now: number, links: SignPopup): SentNotification {
  let push: PushDelivery;
  if (row.push_delivered !== null && row.push_failed !== null) {
    push = { state: 'done', delivered: row.push_delivered, failed: row.push_failed };
  } else {
    push = { state: now - row.created_at > DELIVERY_DEADLINE_MS ? 'unfinished' : 'sending' };
  }
  return { ...toNotification(row, links), push };
}

/** Broadcasts to every user: stored, shown live in open tabs, and pushed to closed ones. */
export class NotificationsService {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly now: () => number,
    private readonly links: SignPopup,
    private readonly push: PushSender = noPushSender,
    private readonly publish: PublishBroadcast = () => undefined,
  ) {}

  /** Stores a broadcast, then tells open tabs (live event) and every push subscription. */
  async broadcast(body: NotificationBody): Promise<SentNotification> {
    const row: NotificationRow = {
      id: newId(),
      ...fromBody(body),
      sender: SENDER,
      created_at: this.now(),
      push_delivered: null,
      push_failed: null,
    };
    await this.notifications.insert(row);
    const notification = toNotification(row, this.links);
    await this.publish({ type: BROADCAST_EVENT, notification });
    // Each subscription hears the broadcast in its own language when it was written in it.
    this.push.sendToAll(
      (locale) => {
        const words = broadcastIn(notification, locale);
        return {
          kind: 'broadcast',
          title: words.title,
          body: words.message,
          url: words.popupPath,
          tag: `broadcast-${notification.id}`,
          // Its one language only: a push message has little room.
          notification: { ...notification, ...words, languages: undefined },
        };
      },
      ({ delivered, failed }) => this.notifications.setDelivery(row.id, delivered, failed),
    );
    return toSentNotification(row, this.now(), this.links);
  }

  /** Operator: the history with each broadcast's push delivery, newest first. */
  async sentHistory(): Promise<SentNotification[]> {
    const now = this.now();
    return (await this.notifications.list(HISTORY_SIZE))
      .filter((row) => isShowableNotification(row))
      .map((row) => toSentNotification(row, now, this.links));
  }

  /** The history, newest first; broadcasts lacking a title or a message are never shown. */
  async history(): Promise<Notification[]> {
    return (await this.notifications.list(HISTORY_SIZE))
      .map((row) => toNotification(row, this.links))
      .filter(isShowableNotification);
  }
}

import type {
  ChatConversation,
  ChatConversationPage,
  ChatMessage,
  ChatPage,
  OperatorQueueItem,
  OperatorQueuePage,
} from '@gomeum/contracts';
import { queueItemKey } from '@gomeum/contracts';
import type { InfiniteData } from '@tanstack/react-query';

/*
 * What a live change does to the operator's lists as the cache holds them (pages of a keyset list):
 * the item it names leaves the page it was on and, when it is still listed, takes its place by the
 * list's order in the page that covers it, or waits for a page not read yet. Pure functions: the
 * hooks in chat-inbox.ts and operator-queue.ts apply them to TanStack Query's cache.
 */

/** The conversation list as the cache holds it: the pages read so far. */
export type ConversationPages = InfiniteData<ChatConversationPage, number | undefined>;
/** The queue as the cache holds it. */
export type QueuePages = InfiniteData<OperatorQueuePage, string | undefined>;
/** One conversation's messages as the cache holds them: newest page first. */
export type MessagePages = InfiniteData<ChatPage, number | null>;

/**
 * Puts `item` into pages ordered by `before` (true when a comes first): into the first page whose
 * last item it comes before, or the last page when no page follows it; nowhere when it belongs to
 * a page not read yet.
 */
function place<T>(pages: T[][], item: T, before: (a: T, b: T) => boolean, whole: boolean): T[][] {
  const index = pages.findIndex((items) => {
    const last = items.at(-1);
    return last !== undefined && before(item, last);
  });
  const target = index >= 0 ? index : whole ? pages.length - 1 : -1;
  if (target < 0) return pages;
  return pages.map((items, i) => {
    if (i !== target) return items;
    const at = items.findIndex((other) => before(item, other));
    return at < 0 ? [...items, item] : [...items.slice(0, at), item, ...items.slice(at)];
  });
}

/** A conversation's change applied: its new row in its place (most recent first), or gone; and the unread total. */
export function applyConversation(
  data: ConversationPages | undefined,
  change: { userId: string; conversation: ChatConversation | null; unreadTotal?: number },
): ConversationPages | undefined {
  if (!data) return data;
  const { userId, conversation } = change;
  const held = data.pages.flatMap((page) => page.conversations).find((c) => c.userId === userId);
  // An older reading than the one held (two changes crossed on the way): kept as it is.
  const stale = held && conversation && (held.version ?? 0) > (conversation.version ?? 0);
  let lists = data.pages.map((page) => page.conversations);
  if (!stale && held && conversation && held.position === conversation.position) {
    // Still as recent (a read mark moved): changed where it is.
    lists = lists.map((list) => list.map((c) => (c.userId === userId ? conversation : c)));
  } else if (!stale) {
    lists = lists.map((list) => list.filter((c) => c.userId !== userId));
    if (conversation) {
      const whole = data.pages.at(-1)?.next === null;
      lists = place(lists, conversation, (a, b) => a.position > b.position, whole);
    }
  }
  return {
    ...data,
    pages: data.pages.map((page, i) => ({
      ...page,
      conversations: lists[i] ?? [],
      ...(i === 0 && change.unreadTotal !== undefined ? { unreadTotal: change.unreadTotal } : {}),
    })),
  };
}

/** Queue order: longest waiting first; at equal times the conversations first. */
function queuedBefore(a: OperatorQueueItem, b: OperatorQueueItem): boolean {
  if (a.since !== b.since) return a.since < b.since;
  return a.kind === 'chat' && b.kind === 'proof';
}

/** An item's change applied to the queue: in its place by how long it has waited, or gone. */
export function applyQueueItem(
  data: QueuePages | undefined,
  change: { key: string; item: OperatorQueueItem | null; version?: number | undefined },
): QueuePages | undefined {
  if (!data) return data;
  const held = data.pages.flatMap((page) => page.items).find((item) => queueItemKey(item) === change.key);
  const heldVersion = held?.kind === 'chat' ? held.version : undefined;
  if (heldVersion !== undefined && change.version !== undefined && heldVersion > change.version) return data;
  const item =
    change.item?.kind === 'chat' && change.version !== undefined
      ? { ...change.item, version: change.version }
      : change.item;
  let lists: OperatorQueueItem[][];
  if (held && item && held.since === item.since && held.kind === item.kind) {
    // Waiting since the same time (a newer message from the user): changed where it is.
    lists = data.pages.map((page) => page.items.map((other) => (queueItemKey(other) === change.key ? item : other)));
  } else {
    lists = data.pages.map((page) => page.items.filter((other) => queueItemKey(other) !== change.key));
    if (item) lists = place(lists, item, queuedBefore, data.pages.at(-1)?.next === null);
  }
  return { ...data, pages: data.pages.map((page, i) => ({ ...page, items: lists[i] ?? [] })) };
}

/** Everything about a user leaves a list: their conversation, or their items of the queue. */
export function withoutUser<P extends ConversationPages | QueuePages>(
  data: P | undefined,
  userId: string,
): P | undefined {
  if (!data) return data;
  const pages = data.pages.map((page) =>
    'conversations' in page
      ? { ...page, conversations: page.conversations.filter((c) => c.userId !== userId) }
      : { ...page, items: page.items.filter((item) => item.userId !== userId) },
  );
  return { ...data, pages };
}

/** A message stored in a conversation the cache holds: added to its newest page, once, in id order. */
export function withMessage(data: MessagePages | undefined, message: ChatMessage): MessagePages | undefined {
  const [newest, ...older] = data?.pages ?? [];
  if (!data || !newest) return data;
  if (data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data;
  const messages = [...newest.messages, message].sort((a, b) => a.id - b.id);
  return { ...data, pages: [{ ...newest, messages }, ...older] };
}

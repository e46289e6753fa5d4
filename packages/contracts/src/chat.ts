import * as z from 'zod/mini';
import { localizedTextSchema } from './i18n.ts';
import { hasVisibleText } from './text.ts';
import { planetIdSchema } from './planets.ts';

/** Longest chat message we accept, in characters. */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** How many messages a history reply carries at most (the newest ones; `CHAT_PAGE_MAX_BYTES` of them at most). */
export const CHAT_HISTORY_LIMIT = 500;

/** Who wrote a chat message: the user, the human Gomeum (operator) or Gomeum's AI stand-in. */
export const chatSenderSchema = z.enum(['user', 'gomeum', 'gomeum_ai']);
/** Who wrote a chat message. */
export type ChatSender = z.infer<typeof chatSenderSchema>;

/**
 * What a chat message is: a plain message, the one-time welcome, an update announcement, the
 * notice that Gomeum could not answer (shown quietly, not as a reply; the AI never reads it back),
 * or Gomeum's reaction to one of the user's proofs (its text, and the planet it links to).
 */
export const chatKindSchema = z.enum(['message', 'welcome', 'announcement', 'unavailable', 'reaction']);
/** What a chat message is. */
export type ChatKind = z.infer<typeof chatKindSchema>;

/**
 * The sender's own id for one message (a UUID made when it is first written). Sending again with
 * the same id — a retry after a timeout or an error — never stores the message twice.
 */
export const chatClientIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/));

/** One message of a user's conversation with Gomeum, as both sides see it. */
export const chatMessageSchema = z.object({
  /**
   * The message's number in its own conversation (1, 2, 3… in the order they are stored), so it
   * tells nothing of other conversations; clients resume after the last id a history reply held.
   */
  id: z.number().check(z.int(), z.positive()),
  userId: z.string(),
  sender: chatSenderSchema,
  kind: chatKindSchema,
  /** The text; for welcome messages and announcements, the English form (see `text` and `planet`). */
  content: z.string(),
  /** Localized text of a welcome message or an unavailable notice, so it follows the reader's language. */
  text: z.nullable(localizedTextSchema),
  /** The planet an announcement or a reaction is about; it links to that planet's Gomeum log or task. */
  planet: z.nullable(planetIdSchema),
  createdAt: z.number().check(z.int()),
  /**
   * The sender's own id for the message, when it was sent with one: its echo (the send's answer
   * and the live event) carries it back, so the sender's pending copy is matched by it, never by
   * its text. Not a secret: it names the message only in its own conversation.
   */
  clientId: z.optional(chatClientIdSchema),
});
/** One chat message. */
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/**
 * Names the AI answer being written to one of the user's messages: that message's id. The pieces
 * of the answer (`chat.ai_delta`) and the stored answer that ends them (`chat.message`) carry it.
 */
export const aiStreamIdSchema = z.number().check(z.int(), z.positive());
/** Names an AI answer being written: the id of the message it answers. */
export type AiStreamId = z.infer<typeof aiStreamIdSchema>;

/** A message body as a person types it: trimmed, never blank (nor only invisible characters), bounded. */
export const chatContentSchema = z
  .string()
  .check(z.trim(), z.minLength(1), z.maxLength(CHAT_MESSAGE_MAX_LENGTH), z.refine(hasVisibleText));

/** Body of a chat message sent by a user or by the operator as Gomeum. */
export const sendChatBodySchema = z.object({ content: chatContentSchema, clientId: z.optional(chatClientIdSchema) });
/** Body of a chat message. */
export type SendChatBody = z.infer<typeof sendChatBodySchema>;

/** Reply to sending a message: the stored message (the server's confirmation). */
export const sendChatReplySchema = z.object({ message: chatMessageSchema });

/** A list of messages, oldest first. */
export const chatHistorySchema = z.object({ messages: z.array(chatMessageSchema) });
/** A list of messages, oldest first. */
export type ChatHistory = z.infer<typeof chatHistorySchema>;

/** Query of a history read: messages after this id (exclusive). */
export const chatHistoryQuerySchema = z.object({ after: z.optional(z.coerce.number().check(z.int(), z.minimum(0))) });

/** One row of the operator's conversation list. */
export const chatConversationSchema = z.object({
  userId: z.string(),
  email: z.nullable(z.string()),
  guestId: z.nullable(z.string()),
  isGuest: z.boolean(),
  lastMessage: chatMessageSchema,
  messageCount: z.number().check(z.int(), z.nonnegative()),
  /** The user's messages the operator has not read yet. */
  unreadCount: z.number().check(z.int(), z.nonnegative()),
  /** The newest message the user has seen (Gomeum's replies up to it show "Seen"); 0 = none. */
  userReadId: z.optional(z.number().check(z.int(), z.nonnegative())),
  /**
   * Counts the conversation's changes: of two readings of it (a page, a live change), the one with
   * the higher version is the later, whatever order they arrived in.
   */
  version: z.optional(z.number().check(z.int(), z.nonnegative())),
  /**
   * Where the conversation stands in the list, most recent first (the higher, the more recent): the
   * place of its newest message among every conversation's. The operator's alone (they read every
   * conversation); a page's `next` is the last one's.
   */
  position: z.number().check(z.int(), z.nonnegative()),
});
/** One row of the operator's conversation list. */
export type ChatConversation = z.infer<typeof chatConversationSchema>;

/** Most conversations (or queue items, or users) one page of an operator's list holds. */
export const OPERATOR_PAGE_MAX = 100;
/** The queue's page when the reader names none: the dashboard's column, "Show more" below it. */
export const OPERATOR_QUEUE_PAGE = 20;
/** The conversation list's page when the reader names none (its rows are shorter). */
export const OPERATOR_INBOX_PAGE = 30;

/** `?limit=` of an operator's list: 1 to `OPERATOR_PAGE_MAX`, `size` when absent. */
const pageLimitSchema = (size: number) =>
  z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(OPERATOR_PAGE_MAX)), size);

/** `?before=&limit=` of the conversation list: the page below the `position` `before` (the last page's `next`). */
export const chatConversationsQuerySchema = z.object({
  before: z.optional(z.coerce.number().check(z.int(), z.positive())),
  limit: pageLimitSchema(OPERATOR_INBOX_PAGE),
});

/**
 * A page of the operator's conversation list, most recent first (by newest message); `next` is
 * the `before` of the page after it (null: none follows). `unreadTotal`: conversations with a
 * message the operator has not read, over the whole list.
 */
export const chatConversationsSchema = z.object({
  conversations: z.array(chatConversationSchema),
  next: z.nullable(z.number()),
  unreadTotal: z.number().check(z.int(), z.nonnegative()),
});
/** A page of the operator's conversation list. */
export type ChatConversationPage = z.infer<typeof chatConversationsSchema>;

/** Body of the operator's read mark: every message up to this id (inclusive) has been read. */
export const chatReadBodySchema = z.object({ upTo: z.number().check(z.int(), z.nonnegative()) });
/** Reply to a read mark: what is still unread in that conversation. */
export const chatReadReplySchema = z.object({ unreadCount: z.number().check(z.int(), z.nonnegative()) });

/** Params naming one user's conversation. */
export const chatUserParamsSchema = z.object({ userId: z.string().check(z.minLength(1), z.maxLength(64)) });

/** Whether the human Gomeum answers: online = a dashboard is open and the operator is not away. */
export const presenceSchema = z.object({
  online: z.boolean(),
  away: z.boolean(),
  /** Away by itself: no activity on the dashboard for `AUTO_AWAY_MS`; back on the next action. */
  autoAway: z.optional(z.boolean()),
});
/** How long without activity on the dashboard before the operator is set away by itself. */
export const AUTO_AWAY_MS = 10 * 60_000;

/** One thing waiting for Gomeum: a conversation whose last message is the user's, or a proof without a reaction. */
export const operatorQueueItemSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('chat'),
    userId: z.string(),
    /** Who (email or guest id). */
    name: z.string(),
    /** The user's first message since Gomeum last answered: how long it has waited. */
    since: z.number(),
    /** The user's newest message since then. */
    preview: z.string(),
    /** The conversation's version (see `chatConversationSchema`): of two readings, the higher is the later. */
    version: z.optional(z.number().check(z.int(), z.nonnegative())),
  }),
  z.object({
    kind: z.literal('proof'),
    logId: z.string(),
    userId: z.string(),
    name: z.string(),
    planet: planetIdSchema,
    since: z.number(),
    preview: z.string(),
  }),
]);
/** One thing waiting for Gomeum. */
export type OperatorQueueItem = z.infer<typeof operatorQueueItemSchema>;

/** Names one item of the queue (a conversation by its user, a proof by its id): what a live change of it names. */
export function queueItemKey(item: Pick<OperatorQueueItem, 'kind' | 'userId'> & { logId?: string }): string {
  return item.kind === 'chat' ? `chat:${item.userId}` : `proof:${item.logId ?? ''}`;
}

/**
 * Where a page of the queue starts: after the item it names (a page's `next`). A conversation is
 * named `c.<since>.<newest message id>`, a proof `p.<sent at>.<id>`.
 */
export const operatorQueueCursorSchema = z
  .string()
  .check(z.maxLength(120), z.regex(/^(c\.\d{1,16}\.\d{1,16}|p\.\d{1,16}\.[A-Za-z0-9_-]{1,64})$/));

/** `?cursor=&limit=` of the queue. */
export const operatorQueueQuerySchema = z.object({
  cursor: z.optional(operatorQueueCursorSchema),
  limit: pageLimitSchema(OPERATOR_QUEUE_PAGE),
});

/**
 * `GET /api/operator/queue`: everything waiting for Gomeum, oldest first (at equal times, the
 * conversations first), a page at a time; `next` is the `cursor` of the page after it (null: none).
 */
export const operatorQueueSchema = z.object({
  items: z.array(operatorQueueItemSchema),
  next: z.nullable(operatorQueueCursorSchema),
});
/** A page of the queue. */
export type OperatorQueuePage = z.infer<typeof operatorQueueSchema>;
/** Whether the human Gomeum answers. */
export type Presence = z.infer<typeof presenceSchema>;

/** Body of the operator's away switch. */
export const presenceBodySchema = z.object({ away: z.boolean() });

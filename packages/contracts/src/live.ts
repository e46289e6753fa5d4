import * as z from 'zod/mini';
import {
  aiStreamIdSchema,
  chatConversationSchema,
  chatMessageSchema,
  chatSenderSchema,
  operatorQueueItemSchema,
} from './chat.ts';
import { ERROR_CODES } from './errors.ts';
import { broadcastEventSchema } from './notifications.ts';
import { planetIdSchema } from './planets.ts';
import { proofReactionSchema } from './reactions.ts';

/**
 * Events the server sends over the live WebSocket (`/api/live`), one JSON object per frame,
 * told apart by `type`. Features add their events here; each registers its own handlers.
 */
export const serverEventSchema = z.discriminatedUnion('type', [
  /** Sent once when a connection is ready. */
  z.object({ type: z.literal('ready'), serverTime: z.number() }),
  /** Answer to a client `ping`. */
  z.object({ type: z.literal('pong') }),
  /**
   * A client event that was refused (bad shape, not allowed, rate limited). `refused`: the type of
   * the event refused, when known; `retryAfterMs`: when it may be sent again (a budget spent).
   */
  z.object({
    type: z.literal('error'),
    code: z.enum(ERROR_CODES),
    refused: z.optional(z.string().check(z.maxLength(64))),
    retryAfterMs: z.optional(z.number().check(z.int(), z.nonnegative())),
  }),
  /** A stored chat message; `streamId` names the AI answer it completes (the id of the message answered), if any. */
  z.object({ type: z.literal('chat.message'), message: chatMessageSchema, streamId: z.nullable(aiStreamIdSchema) }),
  /**
   * The messages after the id a client asked for (`after`, echoed), oldest first, a page at a time
   * (`CHAT_HISTORY_LIMIT` messages, `CHAT_PAGE_MAX_BYTES`): `more` says newer ones remain (the
   * client asks again from the last it has). With `after` null, the newest page, and `older` says
   * whether older messages exist (read by scrolling back, `before` the first).
   */
  z.object({
    type: z.literal('chat.history'),
    after: z.nullable(z.number().check(z.int(), z.minimum(0))),
    messages: z.array(chatMessageSchema),
    more: z.optional(z.boolean()),
    older: z.optional(z.boolean()),
    /** To a user: the newest of their messages the operator has read (their "Seen"); 0 = none. */
    operatorReadId: z.optional(z.number().check(z.int(), z.nonnegative())),
  }),
  /** A piece of an AI answer as it is written; the stored message follows as `chat.message`. */
  z.object({ type: z.literal('chat.ai_delta'), userId: z.string(), streamId: aiStreamIdSchema, delta: z.string() }),
  /**
   * The operator read a conversation up to `readId`: to every dashboard (unread counts) and to the
   * user of that conversation (their messages show "Seen").
   */
  z.object({ type: z.literal('chat.read'), userId: z.string(), readId: z.number().check(z.int(), z.nonnegative()) }),
  /**
   * Events may have been missed (the bus between server instances was down): resume as after a
   * reconnect — what a client holds is read again from the database.
   */
  z.object({ type: z.literal('live.resync') }),
  /** The session this socket was opened with has ended (signed out, replaced or expired); it closes next. */
  z.object({ type: z.literal('session.ended') }),
  /** The user read their conversation up to `readId` (operators only: their replies show "Seen"). */
  z.object({
    type: z.literal('chat.user_read'),
    userId: z.string(),
    readId: z.number().check(z.int(), z.nonnegative()),
  }),
  /**
   * Someone is writing in a conversation (never stored): to the user, the operator (`gomeum`) or
   * the AI composing (`gomeum_ai`, until its first words); to the operators, the user. `typing`
   * false: they stopped or sent. A receiver forgets it after `TYPING_EXPIRES_MS` without another.
   */
  z.object({ type: z.literal('chat.typing'), userId: z.string(), who: chatSenderSchema, typing: z.boolean() }),
  /** A piece of a reply drafted for the operator (to the asking socket only). */
  z.object({ type: z.literal('chat.draft_delta'), draftId: z.string(), delta: z.string() }),
  /** A drafted reply is finished (`ok`), or there is none (no AI, budget spent, the AI failed, cancelled). */
  z.object({ type: z.literal('chat.draft_done'), draftId: z.string(), ok: z.boolean() }),
  /** Whether the human Gomeum is answering; `away`: the operator is away (by the switch or by being idle). */
  z.object({ type: z.literal('presence.changed'), online: z.boolean(), away: z.optional(z.boolean()) }),
  /**
   * Gomeum published a log: open tabs resync their chat (which posts the announcement to the
   * planet's users) and read the planet's Gomeum log again.
   */
  z.object({ type: z.literal('gomeum_log.published'), planet: planetIdSchema }),
  /** Gomeum corrected or took back a log entry: open tabs read the planet's Gomeum log again. */
  z.object({ type: z.literal('gomeum_log.changed'), planet: planetIdSchema }),
  /** Gomeum published a diary update: open tabs show the diary's dot at once. */
  z.object({ type: z.literal('update.published'), id: z.string(), createdAt: z.number() }),
  /**
   * Gomeum changed a diary update (its image attached or removed, its text edited) or deleted it:
   * open tabs read the diary again. The dashboard attaches an image after the update is written.
   */
  z.object({ type: z.literal('update.changed'), id: z.string() }),
  /** A new broadcast from Gomeum, shown at once in every open tab. */
  broadcastEventSchema,
  /** Gomeum reacted to a proof: to its user (shown under the proof) and to the operators (leaves the queue). */
  z.object({ type: z.literal('proof.reaction'), reaction: proofReactionSchema }),
  /** A proof entered or left the queue of proofs waiting for Gomeum (operators only). */
  z.object({ type: z.literal('proof.queue_changed') }),
  /**
   * A conversation of the operator's inbox changed (operators only): its row as it is now, or null
   * when it is gone; `version` orders two changes of it. `unreadTotal`: conversations with a
   * message the operator has not read, over the whole inbox. A dashboard applies it to what it
   * holds; it reads the list again only when it (re)connects.
   */
  z.object({
    type: z.literal('chat.conversation'),
    userId: z.string(),
    conversation: z.nullable(chatConversationSchema),
    unreadTotal: z.number().check(z.int(), z.nonnegative()),
  }),
  /**
   * An item of the operator's queue entered, changed or left it (operators only): the item named
   * by `key` (`queueItemKey`) as it is now, or null when it no longer waits. A conversation's
   * carries its `version` (see `chat.conversation`).
   */
  z.object({
    type: z.literal('operator.queue'),
    key: z.string(),
    item: z.nullable(operatorQueueItemSchema),
    version: z.optional(z.number().check(z.int(), z.nonnegative())),
  }),
  /** A user and everything of theirs are gone (their account deleted, a guest merged into an account): operators only. */
  z.object({ type: z.literal('operator.user_removed'), userId: z.string() }),
]);
/** An event from the server. */
export type ServerEvent = z.infer<typeof serverEventSchema>;
/** The `type` of a server event. */
export type ServerEventType = ServerEvent['type'];
/** The server event of one `type`. */
export type ServerEventOf<T extends ServerEventType> = Extract<ServerEvent, { type: T }>;

/** A conversation named in a client event: its user's id. */
const chatTypingUserIdSchema = z.string().check(z.minLength(1), z.maxLength(64));
/** The client's own name for one draft. */
const chatDraftIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/));

/** At most one typing event per typist in this time. */
export const TYPING_THROTTLE_MS = 2_000;
/** The typist stops counting as typing after this long without a keystroke. */
export const TYPING_IDLE_MS = 5_000;
/** A receiver forgets a typing indicator after this long without another event (the typist went). */
export const TYPING_EXPIRES_MS = 6_000;

/** Events a client sends over the live WebSocket. */
export const clientEventSchema = z.discriminatedUnion('type', [
  /** Application-level heartbeat; the server answers `pong`. */
  z.object({ type: z.literal('ping') }),
  /** Asks for the chat messages after `after` (null: the recent history), and the welcome. */
  z.object({ type: z.literal('chat.sync'), after: z.nullable(z.number().check(z.int(), z.minimum(0))) }),
  /** The operator's dashboard declares itself: the operator is present while it stays open. */
  z.object({ type: z.literal('presence.dashboard') }),
  /** The operator did something on the dashboard (sent at most once a minute): not idle, back from away. */
  z.object({ type: z.literal('presence.activity') }),
  /**
   * The sender is writing (`typing`) or stopped: a user in their own conversation, the operator
   * in the conversation of `userId`. Sent at most every `TYPING_THROTTLE_MS` while typing.
   */
  z.object({ type: z.literal('chat.typing'), typing: z.boolean(), userId: z.optional(chatTypingUserIdSchema) }),
  /** The user has seen their conversation up to `upTo` (the chat is open). */
  z.object({ type: z.literal('chat.seen'), upTo: z.number().check(z.int(), z.nonnegative()) }),
  /**
   * The operator asks for a reply drafted for the conversation of `userId`, streamed back under
   * `draftId`; with `proofId`, a reaction to that proof of theirs instead.
   */
  z.object({
    type: z.literal('chat.draft'),
    userId: chatTypingUserIdSchema,
    draftId: chatDraftIdSchema,
    proofId: z.optional(chatDraftIdSchema),
  }),
  /** The operator left the conversation: the draft under way stops. */
  z.object({ type: z.literal('chat.draft_cancel'), draftId: chatDraftIdSchema }),
]);
/** An event from a client. */
export type ClientEvent = z.infer<typeof clientEventSchema>;
/** The `type` of a client event. */
export type ClientEventType = ClientEvent['type'];
/** The client event of one `type`. */
export type ClientEventOf<T extends ClientEventType> = Extract<ClientEvent, { type: T }>;

/** Close codes of the live socket the client acts on. */
export const LIVE_CLOSE = {
  /** The session ended: do not reconnect until signed in again. */
  unauthorized: 4401,
  /** The server is shutting down or restarting: reconnect. */
  goingAway: 1001,
  /** The socket sent far more events than a person does (a script): closed, as a policy violation. */
  tooMany: 1008,
  /**
   * The client left more unread than the server keeps for one socket (`LIVE_MAX_BUFFERED_BYTES`):
   * closed and its buffers freed. A tab on a slow link reconnects and resumes.
   */
  tooSlow: 4008,
} as const;

import * as z from 'zod/mini';
import { chatMessageSchema } from './chat.ts';

/** What a person types (or a button sends) to confirm the deletion: a fixed word, never implied. */
export const ACCOUNT_DELETE_CONFIRMATION = 'delete';

/**
 * Body of deleting one's own account: the confirmation, and the password for accounts that have
 * one (a guest has none; the warning they confirmed is their confirmation).
 */
export const deleteAccountBodySchema = z.strictObject({
  confirm: z.literal(ACCOUNT_DELETE_CONFIRMATION),
  password: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
});
/** Body of deleting one's own account. */
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/** Body of the operator deleting a user: that user's id again, so a wrong link deletes no one. */
export const operatorDeleteUserBodySchema = z.strictObject({
  confirmUserId: z.string().check(z.minLength(1), z.maxLength(64)),
});
/** Body of the operator deleting a user. */
export type OperatorDeleteUserBody = z.infer<typeof operatorDeleteUserBodySchema>;

/** Reply to a deletion: what went. */
export const accountDeletedSchema = z.object({
  ok: z.literal(true),
  /** Rows removed, all tables together. */
  rows: z.number(),
  /** Stored files removed. */
  files: z.number(),
});
/** Reply to a deletion. */
export type AccountDeleted = z.infer<typeof accountDeletedSchema>;

/** The files of a data download, by name: each a JSON document (plus `images/…`). */
export const EXPORT_FILES = [
  'profile.json',
  'sessions.json',
  'tasks.json',
  'proofs.json',
  'gomeum-logs.json',
  'chat.json',
  'moon-answers.json',
  'page-visits.json',
  'reminders.json',
  'push-subscriptions.json',
  'files.json',
] as const;

/** Most messages one history page carries. */
export const CHAT_PAGE_MAX = 500;
/**
 * Most bytes of messages (as JSON) one history page carries, live or over HTTP, whatever its count
 * allows: a page stops before the message that would pass it (it always holds one), and says
 * `more`. 2,000 characters can be 12 KB as JSON, so 500 of them would be 6 MB.
 */
export const CHAT_PAGE_MAX_BYTES = 64 * 1024;

/**
 * Query of a chat history page. `after`: the oldest messages above this id, oldest first (a client
 * catching up; `more` says newer ones remain). `before`: the newest messages below this id (scrolling
 * back; `more` says older ones remain). Neither: the newest messages (`more`: older ones remain).
 * At most `limit` messages and `CHAT_PAGE_MAX_BYTES`.
 */
export const chatPageQuerySchema = z.object({
  after: z.optional(z.coerce.number().check(z.int(), z.minimum(0))),
  before: z.optional(z.coerce.number().check(z.int(), z.minimum(1))),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(CHAT_PAGE_MAX))),
});
/** Query of a chat history page. */
export type ChatPageQuery = z.infer<typeof chatPageQuerySchema>;

/** A page of messages, oldest first, and whether more lie beyond it in the direction asked. */
export const chatPageSchema = z.object({
  messages: z.array(chatMessageSchema),
  more: z.boolean(),
});
/** A page of messages. */
export type ChatPage = z.infer<typeof chatPageSchema>;

/** Body of answering the offer: `true` brings everything over, `false` leaves it with the guest. */
export const guestMergeBodySchema = z.strictObject({ accept: z.boolean() });
/** Body of answering the offer. */
export type GuestMergeBody = z.infer<typeof guestMergeBodySchema>;

/** Reply to the offer's answer: whether the work was brought over, and how many rows moved. */
export const guestMergedSchema = z.object({ ok: z.literal(true), merged: z.boolean(), rows: z.number() });
/** Reply to the offer's answer. */
export type GuestMerged = z.infer<typeof guestMergedSchema>;

/** Reply to claiming the one-time ask. */
export const keepAskSchema = z.object({ ask: z.boolean() });
/** Reply to claiming the one-time ask. */
export type KeepAsk = z.infer<typeof keepAskSchema>;

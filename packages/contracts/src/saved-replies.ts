import * as z from 'zod/mini';
import { CHAT_MESSAGE_MAX_LENGTH } from './chat.ts';
import { languageSchema, LANGUAGES } from './i18n.ts';

/** Most saved replies the operator keeps. */
export const SAVED_REPLIES_MAX = 200;

/** What the operator types after `/` to find a saved reply: a short word. */
export const savedReplyShortcutSchema = z.string().check(z.trim(), z.toLowerCase(), z.regex(/^[a-z0-9_-]{1,32}$/));

const replyTextSchema = z.optional(z.string().check(z.trim(), z.maxLength(CHAT_MESSAGE_MAX_LENGTH)));

/**
 * A saved reply's words in each language it has (at least one). `{name}` and `{planet}` stand for
 * the user's name and the planet of their latest task, filled in when it is used.
 */
export const savedReplyTextsSchema = z
  .object({ en: replyTextSchema, zh: replyTextSchema, ko: replyTextSchema })
  .check(z.refine((texts) => LANGUAGES.some((lang) => (texts[lang] ?? '') !== '')));

/** Body of a saved reply, new or changed. */
export const savedReplyBodySchema = z.object({ shortcut: savedReplyShortcutSchema, texts: savedReplyTextsSchema });
export type SavedReplyBody = z.infer<typeof savedReplyBodySchema>;

/** One saved reply. */
export const savedReplySchema = z.object({
  id: z.string(),
  shortcut: z.string(),
  texts: z.object({ en: z.optional(z.string()), zh: z.optional(z.string()), ko: z.optional(z.string()) }),
});
export type SavedReply = z.infer<typeof savedReplySchema>;

/** Every saved reply, by shortcut. */
export const savedReplyListSchema = z.object({ items: z.array(savedReplySchema) });

/** Params naming one saved reply. */
export const savedReplyParamsSchema = z.object({ id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/)) });

/** Params naming a saved reply used in one user's conversation. */
export const savedReplyUseParamsSchema = z.object({
  userId: z.string().check(z.minLength(1), z.maxLength(64)),
  id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/)),
});

/** Body of using a saved reply: the operator's reading language. */
export const savedReplyUseBodySchema = z.object({ reading: languageSchema });

/**
 * A saved reply filled in for one user: `text` in their language (as it goes to them), `reading`
 * in the operator's (the same words when the reply has no other).
 */
export const savedReplyUseSchema = z.object({ text: z.string(), language: languageSchema, reading: z.string() });
export type SavedReplyUse = z.infer<typeof savedReplyUseSchema>;

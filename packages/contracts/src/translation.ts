import * as z from 'zod/mini';
import { sendChatBodySchema } from './chat.ts';
import { languageSchema, type Language } from './i18n.ts';

/** Longest text one translation takes (a proof's title and text together fit). */
export const TRANSLATION_TEXT_MAX = 4000;

/**
 * The language a text is written in, told by its script: Hangul is Korean, Chinese characters
 * (without Hangul) Chinese, Latin letters English; null when it has none of them (emoji, digits).
 * Enough to decide whether the operator needs a translation: the three languages use three scripts.
 */
export function scriptLanguage(text: string): Language | null {
  if (/\p{Script=Hangul}/u.test(text)) return 'ko';
  if (/\p{Script=Han}/u.test(text)) return 'zh';
  if (/\p{Script=Latin}/u.test(text)) return 'en';
  return null;
}

/** Whether a reader of `language` needs `text` translated (it is written in another of the three). */
export function needsTranslation(text: string, language: Language): boolean {
  const written = scriptLanguage(text);
  return written !== null && written !== language;
}

const translationTextSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(TRANSLATION_TEXT_MAX));

/** `POST /api/operator/translate`: a text into a language (the operator's reading language, or a user's). */
export const translateBodySchema = z.object({ text: translationTextSchema, to: languageSchema });

/** `POST /api/operator/chats/:userId/translate`: the operator's words into that user's language. */
export const translateForUserBodySchema = z.object({ text: translationTextSchema });

/**
 * How a translation was answered. `translated`: here it is (stored, or made now and stored);
 * `same`: the text is already in that language (or has no words), given back as it is; `no_ai`: no
 * AI key is configured, so nothing is translated; `busy`: the translation budget is spent for now;
 * `failed`: the AI did not answer. In every case but `translated`, `text` is the original.
 */
export const translationStatusSchema = z.enum(['translated', 'same', 'no_ai', 'busy', 'failed']);
export type TranslationStatus = z.infer<typeof translationStatusSchema>;

/** A translation's answer. */
export const translationSchema = z.object({
  text: z.string(),
  to: languageSchema,
  status: translationStatusSchema,
});
export type Translation = z.infer<typeof translationSchema>;

/**
 * What the operator wrote before it was translated into the user's language: sent with the reply,
 * kept as the reply's translation into `language`, so the operator reads their own words there.
 */
export const replyOriginalSchema = z.object({ text: translationTextSchema, language: languageSchema });

/** The operator's reply: a chat message, with their own words when it was translated for the user. */
export const sendGomeumBodySchema = z.extend(sendChatBodySchema, { original: z.optional(replyOriginalSchema) });

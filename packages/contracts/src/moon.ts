import * as z from 'zod/mini';
import { localizedTextSchema } from './i18n.ts';

/** Longest answer a user may write to a moon question. */
export const MOON_ANSWER_MAX_LENGTH = 2000;

/** A moon question as a user sees it: every language (the page picks one) and their own answer. */
export const moonQuestionSchema = z.object({
  id: z.string(),
  number: z.number().check(z.int()),
  question: localizedTextSchema,
  gomeumAnswer: localizedTextSchema,
  /** The signed-in user's saved answer, or null while unanswered. */
  answer: z.nullable(z.string()),
  answeredAt: z.nullable(z.number()),
});
/** A moon question with the asking user's answer. */
export type MoonQuestion = z.infer<typeof moonQuestionSchema>;

/** `GET /api/moon/questions`: every question, ordered by number. */
export const moonQuestionListSchema = z.object({ questions: z.array(moonQuestionSchema) });

/** A user's answer; blank (after trimming) is refused, so nothing empty is ever saved. */
export const moonAnswerBodySchema = z.object({
  answer: z
    .string({ error: 'moon.error_blank' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'moon.error_blank' }),
      z.maxLength(MOON_ANSWER_MAX_LENGTH, { error: 'moon.error_too_long' }),
    ),
});
/** A user's answer body. */
export type MoonAnswerBody = z.infer<typeof moonAnswerBodySchema>;

/**
 * The operator's new answers: trimmed, blank languages dropped, at least one language required.
 * Languages left out keep their current text.
 */
export const gomeumAnswerBodySchema = z.object({
  gomeumAnswer: z
    .pipe(
      localizedTextSchema,
      z.transform((text) =>
        Object.fromEntries(
          Object.entries(text)
            .map(([language, value]) => [language, value.trim()] as const)
            .filter(([, value]) => value !== ''),
        ),
      ),
    )
    .check(z.refine((text) => Object.keys(text).length > 0, { error: 'moon.error_answer_language' })),
});
/** The operator's answer body. */
export type GomeumAnswerBody = z.infer<typeof gomeumAnswerBodySchema>;

/** One user's answer, as the operator reads it. */
export const moonUserAnswerSchema = z.object({
  questionId: z.string(),
  answer: z.string(),
  createdAt: z.number(),
});

/** `GET /api/moon/users/:userId/answers`: the operator's view of one user's answers. */
export const moonUserAnswerListSchema = z.object({ answers: z.array(moonUserAnswerSchema) });

/** One answer to a question, with who wrote it, for the operator. */
export const moonQuestionAnswerSchema = z.object({
  userId: z.string(),
  /** The user's email, or their guest id. */
  who: z.string(),
  answer: z.string(),
  createdAt: z.number(),
});

/** Every user's answer to one question, newest first. */
export const moonQuestionAnswerListSchema = z.object({ answers: z.array(moonQuestionAnswerSchema) });

/** A new moon question: its number and its text (at least one language; blank ones dropped). */
export const newMoonQuestionBodySchema = z.object({
  number: z
    .number({ error: 'moon.error_number' })
    .check(z.int({ error: 'moon.error_number' }), z.minimum(1, { error: 'moon.error_number' }), z.maximum(100_000)),
  question: z
    .pipe(
      localizedTextSchema,
      z.transform((text) =>
        Object.fromEntries(
          Object.entries(text)
            .map(([language, value]) => [language, value.trim()] as const)
            .filter(([, value]) => value !== ''),
        ),
      ),
    )
    .check(z.refine((text) => Object.keys(text).length > 0, { error: 'moon.error_question_language' })),
});
/** A new moon question. */
export type NewMoonQuestionBody = z.infer<typeof newMoonQuestionBodySchema>;

/** `/api/moon/questions/:id/…` params. */
export const moonIdParamsSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });
/** `/api/operator/moon/users/:userId/answers` params. */
export const moonUserParamsSchema = z.object({ userId: z.string().check(z.minLength(1), z.maxLength(100)) });

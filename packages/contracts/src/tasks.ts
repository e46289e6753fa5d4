import * as z from 'zod/mini';
import { isLanguage, localizedTextSchema } from './i18n.ts';
import { planetIdSchema } from './planets.ts';
import { proofReactionSchema } from './reactions.ts';
import { hasVisibleText, isCalendarDate } from './text.ts';

/** Longest description or reward a user may set. */
export const TASK_TEXT_MAX = 500;
/** Longest proof text. */
export const PROOF_TEXT_MAX = 5000;
/** Longest proof title. */
export const PROOF_TITLE_MAX = 120;

/** `/api/planets/:planetId/...` params. */
export const planetParamsSchema = z.object({ planetId: planetIdSchema });

/** The planet's shared task definition, in every language (the client picks one, falling back to en). */
export const taskDefinitionSchema = z.object({
  name: localizedTextSchema,
  description: localizedTextSchema,
  reward: localizedTextSchema,
});

/** Gomeum's own task on a planet. */
export const gomeumTaskSchema = z.object({
  description: localizedTextSchema,
  reward: localizedTextSchema,
  proof: z.string(),
  imageUrl: z.nullable(z.string()),
  updatedAt: z.number(),
});
/** Gomeum's own task on a planet. */
export type GomeumTask = z.infer<typeof gomeumTaskSchema>;

/** A user's own task on a planet: set once, then confirmed. */
export const userTaskSchema = z.object({
  id: z.string(),
  planet: planetIdSchema,
  description: z.string(),
  reward: z.string(),
  confirmed: z.boolean(),
  proof: z.string(),
  status: z.enum(['', 'completed']),
  imageUrl: z.nullable(z.string()),
  updatedAt: z.number(),
});
/** A user's own task on a planet. */
export type UserTask = z.infer<typeof userTaskSchema>;

/** Everything the task screen shows. */
export const taskScreenSchema = z.object({
  planet: planetIdSchema,
  definition: z.nullable(taskDefinitionSchema),
  gomeumTask: z.nullable(gomeumTaskSchema),
  userTask: z.nullable(userTaskSchema),
});
/** Everything the task screen shows. */
export type TaskScreen = z.infer<typeof taskScreenSchema>;

const requiredText = (max: number) =>
  z
    .string({ error: 'task.error_fill_all' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'task.error_fill_all' }),
      z.maxLength(max, { error: 'task.error_too_long' }),
      z.refine(hasVisibleText, { error: 'task.error_fill_all' }),
    );

/** Body that sets and confirms a user's task: both fields required. */
export const confirmTaskBodySchema = z.object({
  description: requiredText(TASK_TEXT_MAX),
  reward: requiredText(TASK_TEXT_MAX),
});
/** Body that sets and confirms a user's task. */
export type ConfirmTaskBody = z.infer<typeof confirmTaskBodySchema>;

/** The text fields of a proof submission (sent as multipart with an optional `image`). */
export const proofFieldsSchema = z.object({
  date: z
    .string({ error: 'task.error_fill_all' })
    .check(
      z.trim(),
      z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'task.error_fill_all' }),
      z.refine(isCalendarDate, { error: 'task.error_date' }),
    ),
  title: requiredText(PROOF_TITLE_MAX),
  content: requiredText(PROOF_TEXT_MAX),
});
/** The text fields of a proof submission. */
export type ProofFields = z.infer<typeof proofFieldsSchema>;

/** One entry of a user's log on a planet. */
export const taskLogSchema = z.object({
  id: z.string(),
  planet: planetIdSchema,
  date: z.string(),
  title: z.string(),
  content: z.string(),
  imageUrl: z.nullable(z.string()),
  createdAt: z.number(),
  /** Gomeum's reaction to this proof, once there is one (absent in answers that never carry one). */
  reaction: z.optional(z.nullable(proofReactionSchema)),
});
/** One entry of a user's log. */
export type TaskLog = z.infer<typeof taskLogSchema>;

/** A user's log on a planet, newest first. */
export const taskLogListSchema = z.object({ items: z.array(taskLogSchema) });

/** What a proof submission answers: the new entry and the task it completed. */
export const submitProofResultSchema = z.object({ log: taskLogSchema, userTask: userTaskSchema });

/** One entry of Gomeum's log on a planet. */
export const gomeumLogSchema = z.object({
  id: z.string(),
  planet: planetIdSchema,
  content: z.string(),
  /** The text in each language it was written in (absent when only `content` was): see `gomeumLogIn`. */
  contents: z.optional(localizedTextSchema),
  imageUrls: z.array(z.string()),
  createdAt: z.number(),
});
/** One entry of Gomeum's log. */
export type GomeumLog = z.infer<typeof gomeumLogSchema>;

/** Gomeum's log on a planet, newest first. */
export const gomeumLogListSchema = z.object({ items: z.array(gomeumLogSchema) });

/** `?limit=` for log lists. */
export const logListQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)), 100),
});

/** Operator edit of any user's task (description, reward and proof; any subset). */
export const operatorTaskEditSchema = z.object({
  description: z.optional(z.string().check(z.trim(), z.maxLength(TASK_TEXT_MAX))),
  reward: z.optional(z.string().check(z.trim(), z.maxLength(TASK_TEXT_MAX))),
  proof: z.optional(z.string().check(z.trim(), z.maxLength(PROOF_TEXT_MAX))),
});

/** `/api/operator/users/:userId/tasks/:planetId` params. */
export const operatorTaskParamsSchema = z.object({
  userId: z.string().check(z.minLength(1), z.maxLength(64)),
  planetId: planetIdSchema,
});

const logLanguageText = z.optional(
  z.string().check(z.trim(), z.maxLength(PROOF_TEXT_MAX, { error: 'task.error_too_long' })),
);

/**
 * Text of a new or corrected Gomeum log (multipart, with up to `GOMEUM_LOG_MAX_IMAGES` images):
 * `content`, what every reader gets, and each language written (`content_en`, ...), when there are
 * several; blank ones count as unwritten.
 */
export const gomeumLogFieldsSchema = z.object({
  content: requiredText(PROOF_TEXT_MAX),
  content_en: logLanguageText,
  content_zh: logLanguageText,
  content_ko: logLanguageText,
});
/** Text of a new or corrected Gomeum log. */
export type GomeumLogFields = z.infer<typeof gomeumLogFieldsSchema>;

/** A Gomeum log entry's text in the reader's language when it was written in it, else its own. */
export function gomeumLogIn(log: Pick<GomeumLog, 'content' | 'contents'>, language: string): string {
  const own = isLanguage(language) ? log.contents?.[language]?.trim() : undefined;
  return own ? own : log.content;
}
/** Images one Gomeum log may carry. */
export const GOMEUM_LOG_MAX_IMAGES = 4;

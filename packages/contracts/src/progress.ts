import * as z from 'zod/mini';
import { PLANET_IDS } from './planets.ts';
import { TASK_TEXT_MAX, userTaskSchema } from './tasks.ts';

/** Most proofs a goal may ask for. */
export const GOAL_MAX = 365;

/** How often a goal wants a proof: each day, or each week (Monday to Sunday, in the user's time zone). */
export const cadenceSchema = z.enum(['daily', 'weekly']);
/** How often a goal wants a proof. */
export type Cadence = z.infer<typeof cadenceSchema>;

const requiredText = (max: number) =>
  z
    .string({ error: 'task.error_fill_all' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'task.error_fill_all' }),
      z.maxLength(max, { error: 'task.error_too_long' }),
    );

/**
 * Body that sets and confirms a user's task: description and reward required; how many proofs
 * finish it (default 1, a single proof completes it) and an optional cadence.
 */
export const confirmTaskWithGoalBodySchema = z.object({
  description: requiredText(TASK_TEXT_MAX),
  reward: requiredText(TASK_TEXT_MAX),
  goal: z._default(
    z
      .int({ error: 'progress.error_goal' })
      .check(z.minimum(1, { error: 'progress.error_goal' }), z.maximum(GOAL_MAX, { error: 'progress.error_goal' })),
    1,
  ),
  cadence: z._default(z.nullable(cadenceSchema), null),
});
/** Body that sets and confirms a user's task with its goal. */
export type ConfirmTaskWithGoalBody = z.input<typeof confirmTaskWithGoalBodySchema>;

/** Where a user stands on a planet's task: proofs so far against the goal, and the streaks. */
export const taskProgressSchema = z.object({
  goal: z.int(),
  cadence: z.nullable(cadenceSchema),
  /** Proofs in the user's log on this planet. */
  count: z.int(),
  /** Consecutive days (weeks for a weekly cadence) with a proof, reaching today or yesterday. */
  currentStreak: z.int(),
  bestStreak: z.int(),
  completed: z.boolean(),
  /** The reward the user set, revealed by the celebration. */
  reward: z.string(),
  /** The goal is reached and the celebration has not been shown yet. */
  celebrate: z.boolean(),
});
/** Where a user stands on a planet's task. */
export type TaskProgress = z.infer<typeof taskProgressSchema>;

/** The progress route's answer: null while the user has no confirmed task there. */
export const taskProgressResultSchema = z.object({ progress: z.nullable(taskProgressSchema) });

/** The user's IANA time zone (`Asia/Seoul`), by which days and weeks are counted. */
export const timeZoneBodySchema = z.object({
  timeZone: z
    .string({ error: 'progress.error_time_zone' })
    .check(
      z.minLength(1, { error: 'progress.error_time_zone' }),
      z.maxLength(64, { error: 'progress.error_time_zone' }),
      z.regex(/^[A-Za-z0-9_+\-/]+$/, { error: 'progress.error_time_zone' }),
    ),
});

/** Where a user stands on one planet, for the galaxy map. */
export const planetStandingSchema = z.object({
  planet: z.enum(PLANET_IDS),
  /** `none`: no confirmed task yet; `in_progress`: confirmed, goal not reached; `completed`. */
  state: z.enum(['none', 'in_progress', 'completed']),
  count: z.int(),
  goal: z.int(),
  /** Gomeum wrote in this planet's log since the user last looked at its task screen. */
  gomeumNew: z.boolean(),
  /** Gomeum reacted to one of the user's proofs here since the user last looked at its task screen. */
  reactionNew: z.boolean(),
});
/** Where a user stands on one planet. */
export type PlanetStanding = z.infer<typeof planetStandingSchema>;

/** Every planet's standing, in map order. */
export const galaxyStandingSchema = z.object({ planets: z.array(planetStandingSchema) });

/** `/api/planets/:planetId/logs/:logId` params: one proof of the caller's own. */
export const proofParamsSchema = z.object({
  planetId: z.enum(PLANET_IDS),
  logId: z.string().check(z.minLength(1), z.maxLength(64)),
});

/** What deleting a proof answers: the task and its progress as they now stand. */
export const deleteProofResultSchema = z.object({
  userTask: userTaskSchema,
  progress: z.nullable(taskProgressSchema),
});

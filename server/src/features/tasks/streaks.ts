import { periodOf } from '../../lib/zoned-time.ts';

/** How often a goal wants a proof: each day, or each week (weeks start on Monday). */
export type Cadence = 'daily' | 'weekly';

// Where they were first written; the time-zone pieces now live in lib/, for reminders too.
export { isTimeZone, localDayNumber, periodOf, weekOfDay } from '../../lib/zoned-time.ts';

/** Current and best run of consecutive periods with at least one proof. */
export interface Streaks {
  current: number;
  best: number;
}

/**
 * Streaks over the periods that hold a proof. The current streak is the run that reaches the
 * present period, or the one before it (today's proof may still come); otherwise 0.
 */
export function streaksOf(periods: Iterable<number>, nowPeriod: number): Streaks {
  const sorted = [...new Set(periods)].sort((a, b) => a - b);
  let best = 0;
  let run = 0;
  let previous = Number.NaN;
  for (const period of sorted) {
    run = period === previous + 1 ? run + 1 : 1;
    best = Math.max(best, run);
    previous = period;
  }
  const last = sorted.at(-1);
  const current = last !== undefined && (last === nowPeriod || last === nowPeriod - 1) ? run : 0;
  return { current, best };
}

/** Streaks of proofs made at `instants`, seen at `now` in `zone`, by `cadence`. */
export function streaksAt(instants: readonly number[], now: number, zone: string, cadence: Cadence): Streaks {
  return streaksOf(
    instants.map((at) => periodOf(at, zone, cadence)),
    periodOf(now, zone, cadence),
  );
}

/** How often a goal wants a proof: each day, or each week (weeks start on Monday). */
export type Cadence = 'daily' | 'weekly';

const DAY_MS = 86_400_000;
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** Whether `zone` is an IANA time zone this runtime knows (`Europe/Berlin`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    dayFormatters.set(zone, formatter);
  }
  return formatter;
}

/**
 * The calendar day an instant falls on in `zone`, counted in days since 1970-01-01: two instants
 * on the same local date get the same number whatever the clock did in between (DST included).
 */
export function localDayNumber(at: number, zone: string): number {
  const parts = formatterFor(zone).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Math.round(Date.UTC(get('year'), get('month') - 1, get('day')) / DAY_MS);
}

/** The Monday-based week a local day number belongs to (1970-01-01 was a Thursday). */
export function weekOfDay(day: number): number {
  return Math.floor((day + 3) / 7);
}

/** The period (day or week number) an instant falls in, in `zone`. */
export function periodOf(at: number, zone: string, cadence: Cadence): number {
  const day = localDayNumber(at, zone);
  return cadence === 'weekly' ? weekOfDay(day) : day;
}

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

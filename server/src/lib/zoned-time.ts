/**
 * Calendar arithmetic in a user's IANA time zone, shared by streaks (which day or week a proof
 * falls on) and reminders (the next instant a local day and time comes round). DST-safe: days
 * are local calendar dates, never 24-hour steps.
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** Whether `zone` is an IANA time zone this runtime knows (`Europe/Berlin`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function dayFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric' });
    dayFormatters.set(zone, formatter);
  }
  return formatter;
}

function clockFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = clockFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    clockFormatters.set(zone, formatter);
  }
  return formatter;
}

function partsOf(formatter: Intl.DateTimeFormat, at: number): (type: string) => number {
  const parts = formatter.formatToParts(new Date(at));
  return (type) => Number(parts.find((p) => p.type === type)?.value ?? 0);
}

/**
 * The calendar day an instant falls on in `zone`, counted in days since 1970-01-01: two instants
 * on the same local date get the same number whatever the clock did in between (DST included).
 */
export function localDayNumber(at: number, zone: string): number {
  const get = partsOf(dayFormatter(zone), at);
  return Math.round(Date.UTC(get('year'), get('month') - 1, get('day')) / DAY_MS);
}

/** The Monday-based week a local day number belongs to (1970-01-01 was a Thursday). */
export function weekOfDay(day: number): number {
  return Math.floor((day + 3) / 7);
}

/** The period (day or week number) an instant falls in, in `zone`. */
export function periodOf(at: number, zone: string, cadence: 'daily' | 'weekly'): number {
  const day = localDayNumber(at, zone);
  return cadence === 'weekly' ? weekOfDay(day) : day;
}

/** The day of the week of a local day number: 0 = Monday … 6 = Sunday. */
export function weekdayOfDay(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

/** How far `zone`'s wall clock is ahead of UTC at the instant `at`, in milliseconds. */
function offsetAt(at: number, zone: string): number {
  const whole = Math.floor(at / 1000) * 1000;
  const get = partsOf(clockFormatter(zone), whole);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - whole;
}

/**
 * The instant the wall clock of `zone` shows `minute` (minutes after midnight) on local day
 * number `day`. A time the clock skips (spring forward) is taken as the same moment in the old
 * offset, which the clock shows as that much later (02:30 → 03:30); a time the clock shows twice
 * (fall back) is its first occurrence.
 */
export function instantOfLocal(day: number, minute: number, zone: string): number {
  const wall = day * DAY_MS + minute * MINUTE_MS;
  const before = offsetAt(wall - DAY_MS, zone);
  const after = offsetAt(wall + DAY_MS, zone);
  const candidates = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((at) => at + offsetAt(at, zone) === wall)
    .sort((a, b) => a - b);
  return candidates[0] ?? wall - before;
}

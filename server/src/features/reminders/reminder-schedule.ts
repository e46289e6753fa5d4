import { instantOfLocal, localDayNumber, weekdayOfDay } from '../../lib/zoned-time.ts';

/** ISO weekdays (1 = Monday … 7 = Sunday) → the stored bit mask (bit 0 = Monday). */
export function daysToMask(days: readonly number[]): number {
  return days.reduce((mask, day) => mask | (1 << (day - 1)), 0);
}

/** The stored bit mask → ISO weekdays, in week order. */
export function maskToDays(mask: number): number[] {
  return [1, 2, 3, 4, 5, 6, 7].filter((day) => (mask & (1 << (day - 1))) !== 0);
}

/** `HH:MM` → minutes after midnight. */
export function timeToMinute(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** Minutes after midnight → `HH:MM`. */
export function minuteToTime(minute: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
}

/**
 * A reminder's fire time: the first instant strictly after `after` when the wall clock of `zone`
 * shows `minute` on one of the days in `mask`. Days are local calendar days, so a reminder at
 * 08:00 stays at 08:00 across DST changes; null when no day is chosen.
 */
export function nextFireAt(after: number, mask: number, minute: number, zone: string): number | null {
  if ((mask & 0x7f) === 0) return null;
  const today = localDayNumber(after, zone);
  for (let day = today - 1; day <= today + 8; day += 1) {
    if ((mask & (1 << weekdayOfDay(day))) === 0) continue;
    const at = instantOfLocal(day, minute, zone);
    if (at > after) return at;
  }
  return null;
}

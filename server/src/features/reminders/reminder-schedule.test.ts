import { describe, expect, it } from 'vitest';
import { daysToMask, maskToDays, minuteToTime, nextFireAt, timeToMinute } from './reminder-schedule.ts';

const EVERY_DAY = daysToMask([1, 2, 3, 4, 5, 6, 7]);
const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());

describe('reminder fire times', () => {
  it('keeps days as a mask and times as minutes', () => {
    expect(maskToDays(daysToMask([7, 1, 3]))).toEqual([1, 3, 7]);
    expect(daysToMask([1])).toBe(1);
    expect(daysToMask([7])).toBe(64);
    expect(timeToMinute('08:30')).toBe(510);
    expect(minuteToTime(510)).toBe('08:30');
    expect(minuteToTime(0)).toBe('00:00');
    expect(minuteToTime(23 * 60 + 59)).toBe('23:59');
  });

  it('is the next chosen local day and time, strictly after the given instant', () => {
    // Monday 30 Nov 2026, 00:00 in Seoul (UTC+9).
    const mondayMidnight = Date.parse('2026-11-29T15:00:00Z');
    expect(iso(nextFireAt(mondayMidnight, EVERY_DAY, 510, 'Asia/Seoul'))).toBe('2026-11-29T23:30:00.000Z');
    // At the very instant it is due, the next one is a day later.
    const due = Date.parse('2026-11-29T23:30:00Z');
    expect(iso(nextFireAt(due, EVERY_DAY, 510, 'Asia/Seoul'))).toBe('2026-11-30T23:30:00.000Z');
    // Wednesdays and Sundays only: from Monday, Wednesday comes first; from Thursday, Sunday.
    const wedSun = daysToMask([3, 7]);
    expect(iso(nextFireAt(mondayMidnight, wedSun, 510, 'Asia/Seoul'))).toBe('2026-12-01T23:30:00.000Z');
    expect(iso(nextFireAt(Date.parse('2026-12-03T00:00:00Z'), wedSun, 510, 'Asia/Seoul'))).toBe(
      '2026-12-05T23:30:00.000Z',
    );
    // A minute before midnight in Seoul, that day's 23:59 is still to come; a minute later, the next day's.
    expect(iso(nextFireAt(Date.parse('2026-11-30T14:58:00Z'), EVERY_DAY, 23 * 60 + 59, 'Asia/Seoul'))).toBe(
      '2026-11-30T14:59:00.000Z',
    );
    expect(iso(nextFireAt(Date.parse('2026-11-30T15:00:00Z'), EVERY_DAY, 23 * 60 + 59, 'Asia/Seoul'))).toBe(
      '2026-12-01T14:59:00.000Z',
    );
    expect(nextFireAt(mondayMidnight, 0, 510, 'Asia/Seoul')).toBeNull();
  });

  it('stays at the same wall-clock time across DST changes', () => {
    // Berlin: summer time starts 29 Mar 2026 (02:00 → 03:00) and ends 25 Oct 2026 (03:00 → 02:00).
    const zone = 'Europe/Berlin';
    expect(iso(nextFireAt(Date.parse('2026-03-28T12:00:00Z'), EVERY_DAY, 8 * 60, zone))).toBe(
      '2026-03-29T06:00:00.000Z',
    );
    expect(iso(nextFireAt(Date.parse('2026-03-28T07:00:00Z'), EVERY_DAY, 8 * 60, zone))).toBe(
      '2026-03-29T06:00:00.000Z',
    );
    expect(iso(nextFireAt(Date.parse('2026-10-24T12:00:00Z'), EVERY_DAY, 8 * 60, zone))).toBe(
      '2026-10-25T07:00:00.000Z',
    );
    // 02:30 does not exist on 29 March: it fires at 03:30 summer time, the same moment as 02:30 winter time.
    expect(iso(nextFireAt(Date.parse('2026-03-28T12:00:00Z'), EVERY_DAY, 150, zone))).toBe('2026-03-29T01:30:00.000Z');
    // 02:30 happens twice on 25 October: it fires at the first, once.
    const first = nextFireAt(Date.parse('2026-10-24T12:00:00Z'), EVERY_DAY, 150, zone);
    expect(iso(first)).toBe('2026-10-25T00:30:00.000Z');
    expect(iso(nextFireAt(first ?? 0, EVERY_DAY, 150, zone))).toBe('2026-10-26T01:30:00.000Z');
    // New York, 8 March 2026: 09:00 local is 14:00 UTC before and 13:00 UTC after.
    expect(iso(nextFireAt(Date.parse('2026-03-07T15:00:00Z'), EVERY_DAY, 9 * 60, 'America/New_York'))).toBe(
      '2026-03-08T13:00:00.000Z',
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTimeZone, localDayNumber, periodOf, streaksAt, streaksOf, weekOfDay } from './streaks.ts';

const DAY_MS = 86_400_000;
// Zones with DST at different hours and sizes, a half-hour DST, no DST, and both sides of the date line.
const ZONES = [
  'UTC',
  'America/New_York',
  'Europe/Berlin',
  'Australia/Lord_Howe',
  'America/Santiago',
  'Asia/Seoul',
  'Asia/Shanghai',
  'Pacific/Chatham',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'Asia/Kathmandu',
];

/** The instant showing `hour:minute` on local day `day` in `zone` (hours 4–22 exist on every day). */
function localInstant(day: number, hour: number, minute: number, zone: string): number {
  const wanted = day * DAY_MS + hour * 3_600_000 + minute * 60_000;
  let guess = wanted;
  for (let i = 0; i < 3; i++) {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    }).formatToParts(new Date(guess));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    const shown = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
    guess += wanted - shown;
  }
  return guess;
}

/** Reference model: runs of consecutive numbers in a set. */
function model(periods: number[], now: number) {
  const set = new Set(periods);
  let best = 0;
  for (const p of set) {
    if (set.has(p - 1)) continue;
    let length = 0;
    while (set.has(p + length)) length++;
    best = Math.max(best, length);
  }
  const end = set.has(now) ? now : set.has(now - 1) ? now - 1 : null;
  let current = 0;
  if (end !== null) while (set.has(end - current)) current++;
  return { current, best };
}

// 2000-01-01 to 2040: wide enough to cross many DST rule changes.
const dayArb = fc.integer({ min: 10_957, max: 25_567 });
const zoneArb = fc.constantFrom(...ZONES);

describe('streak arithmetic', () => {
  it('knows real time zones and refuses made-up ones', () => {
    expect(isTimeZone('Asia/Seoul')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });

  it('a proof at any hour of a local day counts for that day, in every zone', () => {
    fc.assert(
      fc.property(
        dayArb,
        fc.integer({ min: 4, max: 22 }),
        fc.integer({ min: 0, max: 59 }),
        zoneArb,
        (day, h, m, zone) => {
          expect(localDayNumber(localInstant(day, h, m, zone), zone)).toBe(day);
        },
      ),
    );
  });

  it('daily streaks match the model over proofs at random local times', () => {
    fc.assert(
      fc.property(
        zoneArb,
        dayArb,
        fc.array(fc.record({ offset: fc.integer({ min: 0, max: 40 }), hour: fc.integer({ min: 4, max: 22 }) }), {
          maxLength: 30,
        }),
        fc.integer({ min: 0, max: 4 }),
        (zone, start, proofs, extra) => {
          // Proofs are never in the future: "now" is on or after the last proof's day.
          const nowOffset = Math.max(0, ...proofs.map((p) => p.offset)) + extra;
          const instants = proofs.map((p) => localInstant(start + p.offset, p.hour, 30, zone));
          const now = localInstant(start + nowOffset, 12, 0, zone);
          const expected = model(
            proofs.map((p) => start + p.offset),
            start + nowOffset,
          );
          expect(streaksAt(instants, now, zone, 'daily')).toEqual(expected);
        },
      ),
    );
  });

  it('weekly streaks match the model on Monday-based weeks', () => {
    fc.assert(
      fc.property(
        zoneArb,
        dayArb,
        fc.array(fc.integer({ min: 0, max: 120 }), { maxLength: 30 }),
        fc.integer({ min: 0, max: 20 }),
        (zone, start, offsets, extra) => {
          const nowOffset = Math.max(0, ...offsets) + extra;
          const instants = offsets.map((o) => localInstant(start + o, 20, 0, zone));
          const now = localInstant(start + nowOffset, 9, 0, zone);
          const expected = model(
            offsets.map((o) => weekOfDay(start + o)),
            weekOfDay(start + nowOffset),
          );
          expect(streaksAt(instants, now, zone, 'weekly')).toEqual(expected);
        },
      ),
    );
  });

  it('the same instants make different streaks in different zones (days are local)', () => {
    // 23:30 on one Seoul day and 00:30 on the next: an hour apart, one UTC day, two Seoul days.
    const first = localInstant(20_000, 23, 30, 'Asia/Seoul');
    const second = localInstant(20_001, 0, 30, 'Asia/Seoul');
    expect(second - first).toBe(3_600_000);
    expect(streaksAt([first, second], second, 'Asia/Seoul', 'daily')).toEqual({ current: 2, best: 2 });
    expect(streaksAt([first, second], second, 'UTC', 'daily')).toEqual({ current: 1, best: 1 });
  });

  it('consecutive local days stay consecutive across DST changes (23- and 25-hour days)', () => {
    for (const [zone, change] of [
      ['America/New_York', Date.UTC(2026, 2, 8)],
      ['America/New_York', Date.UTC(2026, 10, 1)],
      ['Europe/Berlin', Date.UTC(2026, 2, 29)],
      ['Europe/Berlin', Date.UTC(2026, 9, 25)],
      ['Australia/Lord_Howe', Date.UTC(2026, 3, 5)],
    ] as const) {
      const changeDay = Math.round(change / DAY_MS);
      // Late on the evening before, just after midnight on the change day (elapsed time ~1 h), and the next evening.
      const instants = [
        localInstant(changeDay - 1, 22, 59, zone),
        localInstant(changeDay, 4, 0, zone),
        localInstant(changeDay + 1, 22, 0, zone),
      ];
      expect(streaksAt(instants, instants[2] ?? 0, zone, 'daily'), zone).toEqual({ current: 3, best: 3 });
      expect(new Set(instants.map((at) => periodOf(at, zone, 'daily'))).size).toBe(3);
    }
  });

  it('a missed day ends the current streak but not the best', () => {
    expect(streaksOf([1, 2, 3, 5], 7)).toEqual({ current: 0, best: 3 });
    expect(streaksOf([1, 2, 3, 5, 6], 7)).toEqual({ current: 2, best: 3 });
    expect(streaksOf([], 7)).toEqual({ current: 0, best: 0 });
  });
});

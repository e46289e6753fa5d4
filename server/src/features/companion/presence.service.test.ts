import { AUTO_AWAY_MS } from '@gomeum/contracts';
import { describe, expect, it } from 'vitest';
import { FakeBus } from '../../test/fake-bus.ts';
import { LiveHub } from '../../lib/live/hub.ts';
import type { PresenceRepository } from './presence.repository.ts';
import { PresenceService } from './presence.service.ts';

/** The presence rows in memory, with the reads counted. */
class Rows {
  readonly rows = new Map<string, { online: number; updatedAt: number }>();
  reads = 0;

  repo(): PresenceRepository {
    const repo: Pick<PresenceRepository, 'presenceFlag' | 'countFresh' | 'setPresence' | 'updatedAt'> = {
      updatedAt: (key) => Promise.resolve(this.rows.get(key)?.updatedAt ?? null),
      presenceFlag: (key, fallback) => {
        this.reads += 1;
        return Promise.resolve(this.rows.get(key)?.online ?? fallback);
      },
      countFresh: (prefix, since) => {
        const fresh = [...this.rows].filter(
          ([key, row]) => key.startsWith(prefix) && row.online > 0 && row.updatedAt >= since,
        );
        return Promise.resolve(fresh.length);
      },
      setPresence: (key, online, now) => {
        this.rows.set(key, { online, updatedAt: now });
        return Promise.resolve();
      },
    };
    return repo as PresenceRepository;
  }
}

function setup() {
  const rows = new Rows();
  const bus = new FakeBus();
  const hub = new LiveHub(bus, (error) => {
    throw error;
  });
  let clock = 1_000_000;
  const presence = new PresenceService(
    rows.repo(),
    hub,
    () => clock,
    (error) => {
      throw error;
    },
  );
  return { rows, bus, presence, tick: (ms: number) => (clock += ms), now: () => clock };
}

describe('presence, read from the database and kept in memory', () => {
  it('answers repeated questions from one read, until a second has passed', async () => {
    const { rows, presence, tick } = setup();
    expect(await presence.status()).toEqual({ online: false, away: false });
    await Promise.all([presence.status(), presence.status()]);
    expect(rows.reads).toBe(1);
    tick(1_000);
    await presence.status();
    expect(rows.reads).toBe(2);
    await presence.close();
  });

  it('sees this instance’s changes at once', async () => {
    const { presence } = setup();
    expect((await presence.status()).online).toBe(false);
    await presence.setDashboards(1);
    expect(await presence.status()).toEqual({ online: true, away: false });
    await presence.setAway(true);
    expect(await presence.status()).toEqual({ online: false, away: true });
    await presence.close();
  });

  it('sees another instance’s change as soon as its announcement arrives on the bus', async () => {
    const { rows, bus, presence, now } = setup();
    expect((await presence.status()).online).toBe(false);
    // Another instance opened a dashboard: its row, then its announcement.
    rows.rows.set('dashboard:other', { online: 1, updatedAt: now() });
    expect((await presence.status()).online).toBe(false);
    bus.fromAnotherInstance({ target: { kind: 'all' }, event: { type: 'presence.changed', online: true } });
    expect((await presence.status()).online).toBe(true);
    // The away switch turned on elsewhere: the same again.
    rows.rows.set('gomeum', { online: 0, updatedAt: now() });
    bus.fromAnotherInstance({ target: { kind: 'all' }, event: { type: 'presence.changed', online: false } });
    expect(await presence.status()).toEqual({ online: false, away: true });
    await presence.close();
  });

  it('does not keep a read that started before a change', async () => {
    const { presence } = setup();
    const before = presence.status();
    await presence.setDashboards(1);
    await before;
    expect((await presence.status()).online).toBe(true);
    await presence.close();
  });

  it('sets the operator away by themselves after 10 minutes without activity, and back on the next action', async () => {
    const { bus, presence, tick } = setup();
    await presence.setDashboards(1);
    await presence.activity();
    tick(AUTO_AWAY_MS - 1);
    // (The dashboard's row, refreshed as its timer does.)
    await presence.setDashboards(1);
    await presence.checkIdle();
    expect(await presence.status()).toEqual({ online: true, away: false });
    tick(1);
    await presence.checkIdle();
    expect(await presence.status()).toEqual({ online: false, away: true, autoAway: true });
    // Users were told Gomeum is away.
    expect(bus.published.at(-1)?.event).toEqual({ type: 'presence.changed', online: false, away: true });
    await presence.activity();
    expect(await presence.status()).toEqual({ online: true, away: false });
    expect(bus.published.at(-1)?.event).toEqual({ type: 'presence.changed', online: true, away: false });
    await presence.close();
  });

  it('leaves the away switch to the operator: activity does not undo it, idleness does not change it', async () => {
    const { presence, tick } = setup();
    await presence.setDashboards(1);
    await presence.activity();
    await presence.setAway(true);
    tick(AUTO_AWAY_MS);
    await presence.checkIdle();
    await presence.activity();
    expect(await presence.status()).toEqual({ online: false, away: true });
    await presence.close();
  });

  it('does not count idleness while no dashboard is open here', async () => {
    const { presence, tick } = setup();
    await presence.activity();
    tick(AUTO_AWAY_MS * 2);
    await presence.checkIdle();
    expect(await presence.status()).toEqual({ online: false, away: false });
    await presence.close();
  });
});

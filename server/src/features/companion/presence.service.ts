import crypto from 'node:crypto';
import { AUTO_AWAY_MS, type Presence } from '@gomeum/contracts';
import type { LiveHub } from '../../lib/live/index.ts';
import type { PresenceRepository } from './presence.repository.ts';

// Presence rows: `gomeum` holds the operator's own switch (1 = available, 0 = away, -1 = away by
// itself, idle; no row = available); `dashboard:<instance>` holds how many dashboard sockets that
// instance has open and when it last said so (an instance that stops refreshing, crashed, stops
// counting); `activity` holds when the operator last did something on a dashboard.
const SWITCH_KEY = 'gomeum';
const ACTIVITY_KEY = 'activity';
const AVAILABLE = 1;
const AWAY = 0;
const IDLE = -1;
// The activity row is written at most this often per instance (the client says so once a minute).
const ACTIVITY_WRITE_MS = 30_000;
const DASHBOARD_PREFIX = 'dashboard:';
const REFRESH_MS = 30_000;
const FRESH_MS = 90_000;
// How long a presence read is reused. Every change made through any instance drops it at once
// (this one's own, and the others' through their `presence.changed` on the bus), so this only
// bounds how late this instance notices what no one announces: another instance that died.
const CACHE_MS = 1_000;

/** Whether the human Gomeum answers, shared by every server instance through the database. */
export class PresenceService {
  private readonly key = `${DASHBOARD_PREFIX}${crypto.randomUUID()}`;
  private dashboards = 0;
  private closed = false;
  private activityWrittenAt = Number.NEGATIVE_INFINITY;
  // A read under way, shared by whoever asks meanwhile, and the last one's answer.
  private reading: Promise<Presence> | null = null;
  private cached: { presence: Presence; at: number } | null = null;
  // Moves on every change: a read that started before a change is not kept.
  private generation = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly repo: PresenceRepository,
    private readonly hub: LiveHub,
    private readonly now: () => number,
    private readonly onError: (error: unknown) => void,
  ) {
    this.timer = setInterval(() => {
      if (this.dashboards === 0) return;
      this.repo.setPresence(this.key, this.dashboards, this.now()).catch(this.onError);
      this.checkIdle().catch(this.onError);
    }, REFRESH_MS);
    this.timer.unref();
    // Another instance announced a change (an operator's dashboard, the away switch): read again.
    hub.onRemoteEvent((event) => {
      if (event.type === 'presence.changed') this.invalidate();
    });
  }

  /**
   * The operator's presence now: online while a dashboard is open and the switch is not on away.
   * Callers at the same moment share one read (every socket told to resync asks at once), and
   * callers within a second of it reuse its answer unless a change was announced since: a chat
   * message costs no presence query.
   */
  status(): Promise<Presence> {
    const cached = this.cached;
    if (cached && this.now() - cached.at < CACHE_MS) return Promise.resolve(cached.presence);
    if (this.reading) return this.reading;
    const generation = this.generation;
    const at = this.now();
    const reading: Promise<Presence> = this.read()
      .then((presence) => {
        if (generation === this.generation) this.cached = { presence, at };
        return presence;
      })
      .finally(() => {
        if (this.reading === reading) this.reading = null;
      });
    this.reading = reading;
    return reading;
  }

  /**
   * Whether a dashboard of the operator is open on any instance, whatever the away switch says
   * (the operator's alerts wait while one is). Online implies one is; only while away is the
   * count read on its own.
   */
  async dashboardOpen(): Promise<boolean> {
    const status = await this.status();
    if (!status.away) return status.online;
    return (await this.repo.countFresh(DASHBOARD_PREFIX, this.now() - FRESH_MS)) > 0;
  }

  /** Forgets the last read and any read under way: the next caller reads anew. */
  private invalidate(): void {
    this.generation += 1;
    this.cached = null;
    this.reading = null;
  }

  private async read(): Promise<Presence> {
    const [available, open] = await Promise.all([
      this.repo.presenceFlag(SWITCH_KEY, 1),
      this.repo.countFresh(DASHBOARD_PREFIX, this.now() - FRESH_MS),
    ]);
    const away = available <= AWAY;
    return { online: !away && open > 0, away, ...(available === IDLE ? { autoAway: true } : {}) };
  }

  /**
   * The operator did something on a dashboard: noted (at most every 30 s per instance), and an
   * operator away by being idle is back.
   */
  async activity(): Promise<void> {
    if (this.closed) return;
    const now = this.now();
    if (now - this.activityWrittenAt >= ACTIVITY_WRITE_MS) {
      this.activityWrittenAt = now;
      await this.repo.setPresence(ACTIVITY_KEY, 1, now);
    }
    if ((await this.status()).autoAway) {
      this.invalidate();
      await this.repo.setPresence(SWITCH_KEY, AVAILABLE, now);
      await this.announce();
    }
  }

  /**
   * While a dashboard is open here: with no activity on any dashboard for `AUTO_AWAY_MS`, the
   * operator is set away by themselves (users see it; the AI answers). Runs on the refresh timer.
   */
  async checkIdle(): Promise<void> {
    if (this.closed || this.dashboards === 0) return;
    const status = await this.status();
    if (status.away) return;
    const last = await this.repo.updatedAt(ACTIVITY_KEY);
    if (last === null || this.now() - last < AUTO_AWAY_MS) return;
    this.invalidate();
    await this.repo.setPresence(SWITCH_KEY, IDLE, this.now());
    await this.announce();
  }

  /** This instance's count of open dashboard sockets changed. */
  async setDashboards(count: number): Promise<void> {
    if (this.closed) return;
    this.dashboards = count;
    this.invalidate();
    await this.repo.setPresence(this.key, count, this.now());
    await this.announce();
  }

  /** The operator's away switch. */
  async setAway(away: boolean): Promise<Presence> {
    this.invalidate();
    await this.repo.setPresence(SWITCH_KEY, away ? AWAY : AVAILABLE, this.now());
    return this.announce();
  }

  /** Tells every connected client, on every instance, whether Gomeum is answering. */
  private async announce(): Promise<Presence> {
    // A fresh read: one already under way may have started before this change.
    this.invalidate();
    const status = await this.read();
    await this.hub.publishToAll({ type: 'presence.changed', online: status.online, away: status.away });
    return status;
  }

  /** Stops refreshing and withdraws this instance's dashboards. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    if (this.dashboards > 0) {
      this.dashboards = 0;
      await this.repo.setPresence(this.key, 0, this.now());
    }
  }
}

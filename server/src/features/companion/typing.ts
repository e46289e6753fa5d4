import { TYPING_THROTTLE_MS } from '@gomeum/contracts';
import type { LiveConnection, LiveHub } from '../../lib/live/index.ts';

/** Runs `task` after `ms`; answers how to cancel it. Tests give their own clock's. */
export type Schedule = (task: () => void, ms: number) => () => void;

const realSchedule: Schedule = (task, ms) => {
  const timer = setTimeout(task, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

/** One typist: what was passed on last and when, what they say now, and the relay waiting for its turn. */
interface Typist {
  passedAt: number;
  shown: boolean;
  wanted: boolean;
  publish: (typing: boolean) => void;
  cancel: (() => void) | null;
}

// Typists silent this long are forgotten (a typist's stop may never come: a closed tab).
const FORGET_MS = 10_000;
// How often the forgotten are swept, on the next event (no timer: nothing runs while no one types).
const SWEEP_MS = 10_000;

/**
 * "Someone is typing", both ways, held in memory only and never stored: a user's typing reaches the
 * operators' sockets, the operator's typing in a conversation reaches that user's sockets, and no
 * one else's. Throttled per typist (a user across all their sockets; the operator per
 * conversation), whatever they send: at most one event every `TYPING_THROTTLE_MS`, starts and
 * stops alike, each a change of what the other side shows (or, while typing, a reminder that they
 * still are). A change that comes too soon is not dropped but passed on when the typist's turn
 * comes, if it still holds then, so the other side always ends up with the typist's last state: a
 * stop is never lost behind a start. Through the hub, so other instances' sockets hear it over the
 * bus; each instance throttles the sockets it holds.
 */
export class TypingRelay {
  private readonly typists = new Map<string, Typist>();
  private sweptAt: number;
  /** Events passed on and dropped (the benchmark reads them). */
  readonly counts = { passed: 0, dropped: 0 };

  constructor(
    private readonly hub: Pick<LiveHub, 'publishToUser' | 'publishToOperators'>,
    private readonly now: () => number,
    private readonly schedule: Schedule = realSchedule,
  ) {
    this.sweptAt = now();
  }

  /** A client's `chat.typing`: from a user, about their own conversation; from the operator, naming one. */
  receive(connection: Pick<LiveConnection, 'user' | 'send'>, typing: boolean, userId: string | undefined): void {
    const operator = connection.user.role === 'operator';
    if (operator && !userId) {
      connection.send({ type: 'error', code: 'errors.bad_request' });
      return;
    }
    const conversation = operator && userId ? userId : connection.user.id;
    const key = operator ? `o:${connection.user.id}:${conversation}` : `u:${conversation}`;
    const publish = operator
      ? (value: boolean) =>
          void this.hub.publishToUser(conversation, {
            type: 'chat.typing',
            userId: conversation,
            who: 'gomeum',
            typing: value,
          })
      : (value: boolean) =>
          void this.hub.publishToOperators({ type: 'chat.typing', userId: conversation, who: 'user', typing: value });
    if (!this.pass(key, typing, publish)) this.counts.dropped += 1;
  }

  /** Gomeum's AI has started composing an answer for this user: they see it typing until its first words. */
  aiComposing(userId: string): void {
    void this.hub.publishToUser(userId, { type: 'chat.typing', userId, who: 'gomeum_ai', typing: true });
  }

  /** How many typists are held now (bounded: the silent are swept). */
  get size(): number {
    return this.typists.size;
  }

  /** Stops every relay still waiting for its turn (the app is closing). */
  close(): void {
    for (const typist of this.typists.values()) typist.cancel?.();
    this.typists.clear();
  }

  /** Whether this event is passed on now; a change that came too soon waits for the typist's turn. */
  private pass(key: string, typing: boolean, publish: (typing: boolean) => void): boolean {
    const now = this.now();
    this.sweep(now);
    const typist = this.typists.get(key);
    if (!typist) {
      // A stop after nothing tells no one anything.
      if (!typing) return false;
      const fresh: Typist = { passedAt: now, shown: false, wanted: true, publish, cancel: null };
      this.typists.set(key, fresh);
      this.relay(fresh, true, now);
      return true;
    }
    typist.wanted = typing;
    typist.publish = publish;
    const changes = typing !== typist.shown;
    // Nothing to tell: a stop after a stop.
    if (!changes && !typing) return false;
    const turn = typist.passedAt + TYPING_THROTTLE_MS;
    if (now >= turn && !typist.cancel) {
      this.relay(typist, typing, now);
      return true;
    }
    // Too soon: a change is passed on at the typist's turn, if it still holds then.
    if (changes && !typist.cancel) {
      typist.cancel = this.schedule(() => this.turnCame(key, typist), Math.max(0, turn - now));
    }
    return false;
  }

  /** The typist's turn came: their state now, if it is not what the other side shows. */
  private turnCame(key: string, typist: Typist): void {
    typist.cancel = null;
    if (this.typists.get(key) !== typist || typist.wanted === typist.shown) return;
    this.relay(typist, typist.wanted, this.now());
  }

  private relay(typist: Typist, typing: boolean, now: number): void {
    typist.shown = typing;
    typist.passedAt = now;
    this.counts.passed += 1;
    typist.publish(typing);
  }

  private sweep(now: number): void {
    if (now - this.sweptAt < SWEEP_MS) return;
    this.sweptAt = now;
    for (const [key, typist] of this.typists) {
      if (now - typist.passedAt < FORGET_MS || typist.cancel) continue;
      this.typists.delete(key);
    }
  }
}

/** The typing relay's live handler. */
export function registerTypingLive(hub: LiveHub, relay: TypingRelay): void {
  hub.on('chat.typing', (connection, event) => relay.receive(connection, event.typing, event.userId));
}

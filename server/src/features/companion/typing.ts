import { TYPING_THROTTLE_MS } from '@gomeum/contracts';
import type { LiveConnection, LiveHub } from '../../lib/live/index.ts';

/** What a typist's events last did: when one was passed on, and whether they count as typing. */
interface Typist {
  passedAt: number;
  typing: boolean;
}

// Typists silent this long are forgotten (a typist's stop may never come: a closed tab).
const FORGET_MS = 10_000;
// How often the forgotten are swept, on the next event (no timer: nothing runs while no one types).
const SWEEP_MS = 10_000;

/**
 * "Someone is typing", both ways, held in memory only and never stored: a user's typing reaches the
 * operators' sockets, the operator's typing in a conversation reaches that user's sockets, and no
 * one else's. At most one `typing` event per typist every `TYPING_THROTTLE_MS` is passed on (more
 * are dropped); a stop is passed on once, and only after a start. Through the hub, so other
 * instances' sockets hear it over the bus.
 */
export class TypingRelay {
  private readonly typists = new Map<string, Typist>();
  private sweptAt: number;
  /** Events passed on and dropped (the benchmark reads them). */
  readonly counts = { passed: 0, dropped: 0 };

  constructor(
    private readonly hub: Pick<LiveHub, 'publishToUser' | 'publishToOperators'>,
    private readonly now: () => number,
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
    if (!this.pass(key, typing)) {
      this.counts.dropped += 1;
      return;
    }
    this.counts.passed += 1;
    if (operator) {
      void this.hub.publishToUser(conversation, { type: 'chat.typing', userId: conversation, who: 'gomeum', typing });
    } else {
      void this.hub.publishToOperators({ type: 'chat.typing', userId: conversation, who: 'user', typing });
    }
  }

  /** Gomeum's AI has started composing an answer for this user: they see it typing until its first words. */
  aiComposing(userId: string): void {
    void this.hub.publishToUser(userId, { type: 'chat.typing', userId, who: 'gomeum_ai', typing: true });
  }

  /** How many typists are held now (bounded: the silent are swept). */
  get size(): number {
    return this.typists.size;
  }

  /** Whether this typist's event is passed on now (and notes it). */
  private pass(key: string, typing: boolean): boolean {
    const now = this.now();
    this.sweep(now);
    const last = this.typists.get(key);
    if (!typing) {
      // A stop after nothing (or after a stop) tells no one anything.
      if (!last?.typing) return false;
      this.typists.delete(key);
      return true;
    }
    if (last?.typing && now - last.passedAt < TYPING_THROTTLE_MS) return false;
    this.typists.set(key, { passedAt: now, typing: true });
    return true;
  }

  private sweep(now: number): void {
    if (now - this.sweptAt < SWEEP_MS) return;
    this.sweptAt = now;
    for (const [key, typist] of this.typists) if (now - typist.passedAt >= FORGET_MS) this.typists.delete(key);
  }
}

/** The typing relay's live handler. */
export function registerTypingLive(hub: LiveHub, relay: TypingRelay): void {
  hub.on('chat.typing', (connection, event) => relay.receive(connection, event.typing, event.userId));
}

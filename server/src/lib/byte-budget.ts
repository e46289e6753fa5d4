import type { Windows } from './rate-budget.ts';

// Keys this instance remembers as spent before the expired ones are swept.
const SWEEP_AT = 10_000;

/**
 * Bytes a key (a person) may be sent per window, counted in the shared windows (through Redis with
 * `REDIS_URL`: every socket and request of the person, on every instance, draws on one budget). A
 * reply is counted once it is made; the one that would take the window past its max is not sent,
 * so no window sends more than the max. Once a key's window is spent, this instance refuses it at
 * once, without reading anything or asking Redis, until the window ends.
 */
export class ByteBudget {
  // Until when each key's window is known to be spent (ms on the app's clock).
  private readonly spent = new Map<string, number>();

  constructor(
    private readonly windows: Windows,
    private readonly prefix: string,
    /** The window's length. */
    readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** How long `key` must wait before it may be sent anything (0: now), as far as this instance knows. */
  waitFor(key: string): number {
    const until = this.spent.get(key);
    if (until === undefined) return 0;
    const left = until - this.now();
    if (left > 0) return left;
    this.spent.delete(key);
    return 0;
  }

  /**
   * Counts a reply of `bytes` to `key`, whose window holds `max`: 0 when it may be sent, else how
   * long to wait (the reply is then not to be sent).
   */
  async charge(key: string, bytes: number, max: number): Promise<number> {
    const { count, ttl } = await this.windows.hit(`${this.prefix}${key}`, this.windowMs, bytes);
    if (count <= max) return 0;
    const now = this.now();
    if (this.spent.size >= SWEEP_AT) {
      for (const [k, until] of this.spent) if (until <= now) this.spent.delete(k);
    }
    const wait = Math.max(1, ttl);
    this.spent.set(key, now + wait);
    return wait;
  }
}

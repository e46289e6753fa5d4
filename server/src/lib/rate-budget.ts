import type { Redis } from 'ioredis';

/**
 * A number of uses per key per time window (AI answers per user per minute, say). In memory for
 * one instance; in Redis when several instances must share one budget.
 */
export interface RateBudget {
  /** Takes one use of `key`'s budget; false when `max` uses were already taken in the window. */
  take(key: string, max: number, windowMs: number): Promise<boolean>;
}

/** One instance's budgets: a sliding window of use times per key. */
export class MemoryRateBudget implements RateBudget {
  private readonly uses = new Map<string, number[]>();

  constructor(private readonly now: () => number) {}

  take(key: string, max: number, windowMs: number): Promise<boolean> {
    const now = this.now();
    const recent = (this.uses.get(key) ?? []).filter((at) => at > now - windowMs);
    const allowed = recent.length < max;
    if (allowed) recent.push(now);
    this.uses.set(key, recent);
    if (this.uses.size > 10_000) {
      for (const [k, times] of this.uses) if (times.every((at) => at <= now - windowMs)) this.uses.delete(k);
    }
    return Promise.resolve(allowed);
  }
}

// Counts a use and starts the window's expiry with the first one, atomically.
const TAKE_SCRIPT = `
local used = redis.call('INCR', KEYS[1])
if used == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return used
`;

/**
 * Budgets shared by every instance through Redis: a fixed window per key. When Redis cannot be
 * reached the use is refused, so an outage never lifts a limit.
 */
export class RedisRateBudget implements RateBudget {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  async take(key: string, max: number, windowMs: number): Promise<boolean> {
    try {
      const used = await this.redis.eval(TAKE_SCRIPT, 1, `${this.prefix}${key}`, windowMs);
      return Number(used) <= max;
    } catch (error) {
      this.onError(error);
      return false;
    }
  }
}

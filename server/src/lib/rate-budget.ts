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

// Counts a use and starts the window's expiry with the first one, atomically; answers the count
// and the milliseconds left in the window.
export const REDIS_WINDOW_SCRIPT = `
local used = redis.call('INCR', KEYS[1])
if used == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {used, redis.call('PTTL', KEYS[1])}
`;

/** Whether a Redis client can take a command now (it fails at once otherwise: no offline queue). */
export function redisReady(redis: Redis): boolean {
  return redis.status === 'ready';
}

/**
 * Budgets shared by every instance through Redis: a fixed window per key, the windows counted on
 * the app's clock (`now`) from the epoch, so every instance agrees on which window a use falls in
 * and a test moves to the next window by moving its clock. Each window's counter expires in Redis
 * once its window is over. While Redis cannot be reached, each instance counts in its own memory
 * instead (`fallback`), so an outage neither lifts a limit nor makes anyone wait for Redis.
 */
export class RedisRateBudget implements RateBudget {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly fallback: RateBudget,
    private readonly onError: (error: unknown) => void,
    private readonly now: () => number,
  ) {}

  async take(key: string, max: number, windowMs: number): Promise<boolean> {
    if (!redisReady(this.redis)) return this.fallback.take(key, max, windowMs);
    const window = Math.floor(this.now() / windowMs);
    try {
      const [used] = (await this.redis.eval(REDIS_WINDOW_SCRIPT, 1, `${this.prefix}${key}:${window}`, windowMs)) as [
        number,
        number,
      ];
      return used <= max;
    } catch (error) {
      this.onError(error);
      return this.fallback.take(key, max, windowMs);
    }
  }
}

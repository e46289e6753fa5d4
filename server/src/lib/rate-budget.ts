import type { Redis } from 'ioredis';

/**
 * A number of uses per key per time window (AI answers per user per minute, say). In memory for
 * one instance; in Redis when several instances must share one budget.
 */
export interface RateBudget {
  /** Takes one use of `key`'s budget; false when `max` uses were already taken in the window. */
  take(key: string, max: number, windowMs: number): Promise<boolean>;
}

// Keys kept in memory before expired windows are swept.
const SWEEP_AT = 10_000;

/**
 * Fixed windows per key in this instance's memory, on the app's clock: a key's window starts with
 * its first use and lasts `windowMs`, as a window in Redis starts with its first use and expires
 * (REDIS_WINDOW_SCRIPT). The one memory algorithm of budgets and of rate limits (when Redis is down).
 */
export class MemoryWindows {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number) {}

  /** Counts one use of `key`: how many its window has now, and the milliseconds left in it. */
  hit(key: string, windowMs: number): { count: number; ttl: number } {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (this.windows.size > SWEEP_AT) {
      for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
    }
    return { count: window.count, ttl: window.resetAt - now };
  }
}

/** One instance's budgets: `max` uses per key per window (MemoryWindows). */
export class MemoryRateBudget implements RateBudget {
  private readonly windows: MemoryWindows;

  constructor(now: () => number) {
    this.windows = new MemoryWindows(now);
  }

  take(key: string, max: number, windowMs: number): Promise<boolean> {
    return Promise.resolve(this.windows.hit(key, windowMs).count <= max);
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

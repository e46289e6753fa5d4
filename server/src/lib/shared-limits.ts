import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { ByteBudget } from './byte-budget.ts';
import { MemoryWindows, RedisWindows, redisReady, WindowBudget, type RateBudget, type Windows } from './rate-budget.ts';
import { sharedRateLimitStore } from './rate-limit-store.ts';

/** The windows' own namespace under each prefix (in Redis, hashes of each window's start and count). */
const WINDOWS_NAMESPACE = 'window:';

/**
 * Where rate limits and AI budgets are counted. With Redis (`REDIS_URL`) they are shared by every
 * instance; else each instance keeps its own. Nothing waits for Redis: no offline queue and a short
 * command timeout, so while it is down every limit is counted in this instance's memory instead, at
 * once. The client is loaded only when Redis is configured (it is a fifth of a second of start-up).
 */
export class SharedLimits {
  /** Every budget's and shared rate limit's windows: in Redis (memory while it is down), else in memory. */
  private readonly windows: Windows;

  private constructor(
    private readonly redis: Redis | null,
    /** What every key of this deployment starts with (in memory too, so both count alike). */
    private readonly prefix: string,
    onRedisError: (error: unknown) => void,
    private readonly now: () => number,
  ) {
    const memory = new MemoryWindows(now);
    this.windows = redis ? new RedisWindows(redis, memory, onRedisError, now) : memory;
  }

  /**
   * Connects to `redisUrl` when there is one, its keys under `prefix`; `onRedisError` hears every
   * Redis failure (rate it).
   */
  static async connect(
    redisUrl: string | undefined,
    prefix: string,
    onRedisError: (error: unknown) => void,
    now: () => number,
  ): Promise<SharedLimits> {
    const redis = redisUrl
      ? new (await import('ioredis')).Redis(redisUrl, {
          connectTimeout: 500,
          commandTimeout: 500,
          maxRetriesPerRequest: 0,
          enableOfflineQueue: false,
          retryStrategy: (attempt) => Math.min(100 * 2 ** attempt, 2_000),
        })
      : null;
    redis?.on('error', onRedisError);
    return new SharedLimits(redis, prefix, onRedisError, now);
  }

  /** A budget under `name` (its keys' namespace, after the deployment's prefix), on the app's clock. */
  budget(name: string): RateBudget {
    return new WindowBudget(this.windows, `${this.prefix}${name}${WINDOWS_NAMESPACE}`);
  }

  /** Bytes per key per `windowMs` under `name` (see ByteBudget), on the app's clock. */
  bytes(name: string, windowMs: number): ByteBudget {
    return new ByteBudget(this.windows, `${this.prefix}${name}${WINDOWS_NAMESPACE}`, windowMs, this.now);
  }

  /** @fastify/rate-limit's options for its store: shared through Redis when configured, else its own. */
  rateLimitStore(name: string): { store?: FastifyRateLimitStoreCtor } {
    const prefix = `${this.prefix}${name}${WINDOWS_NAMESPACE}`;
    return this.redis ? { store: sharedRateLimitStore(this.windows, prefix) } : {};
  }

  /** For readiness: `off` without Redis, else whether it takes commands now. */
  status(): 'ok' | 'down' | 'off' {
    if (!this.redis) return 'off';
    return redisReady(this.redis) ? 'ok' : 'down';
  }

  /** Lets Redis go (the app is closing). */
  async close(): Promise<void> {
    const redis = this.redis;
    await redis?.quit().catch(() => redis.disconnect());
  }
}

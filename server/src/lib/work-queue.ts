import { AppError } from './errors.ts';

/** How much work a queue runs at once, how much may wait, and how much one key (a user) may hold. */
export interface WorkQueueLimits {
  /** Jobs running at once. */
  concurrency: number;
  /** Jobs waiting for a turn; one more is refused (503 `errors.unavailable`). */
  maxWaiting: number;
  /** Jobs one key may have running or waiting; one more is refused (429 `errors.rate_limited`). */
  perKey: number;
}

/**
 * A bounded queue for heavy work (decoding images): a few jobs run at once, a few wait, and the
 * rest are refused at once with a clear answer instead of waiting behind everyone else. Kept to
 * this file rather than p-queue or p-limit: neither bounds what one key holds, which is the point.
 */
export class WorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly held = new Map<string, number>();

  constructor(private readonly limits: WorkQueueLimits) {}

  /** Jobs running and waiting now (metrics, tests). */
  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Runs `work` for `key` when its turn comes; refuses at once when the key or the queue is full. */
  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const held = this.held.get(key) ?? 0;
    if (held >= this.limits.perKey) throw new AppError(429, 'errors.rate_limited');
    if (this.running >= this.limits.concurrency && this.waiting.length >= this.limits.maxWaiting) {
      throw new AppError(503, 'errors.unavailable');
    }
    this.held.set(key, held + 1);
    try {
      if (this.running >= this.limits.concurrency) {
        await new Promise<void>((resolve) => this.waiting.push(resolve));
      } else {
        this.running += 1;
      }
      try {
        return await work();
      } finally {
        // The turn passes straight to the next job waiting, or is given back.
        const next = this.waiting.shift();
        if (next) next();
        else this.running -= 1;
      }
    } finally {
      const left = (this.held.get(key) ?? 1) - 1;
      if (left > 0) this.held.set(key, left);
      else this.held.delete(key);
    }
  }
}

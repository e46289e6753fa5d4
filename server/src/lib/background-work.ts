/**
 * Work a service starts and does not wait for (an AI answer, a proof's reaction): each task's
 * failure goes to `onError`, tests and shutdown can wait until none is under way, and shutdown
 * stops what is still running through `signal`.
 */
export class BackgroundWork {
  private readonly pending = new Set<Promise<void>>();
  private readonly stopping = new AbortController();

  constructor(private readonly onError: (error: unknown) => void) {}

  /** Aborted by `close`: work still under way stops. */
  get signal(): AbortSignal {
    return this.stopping.signal;
  }

  /** Keeps `task` until it settles; its failure is reported, never thrown. */
  track(task: Promise<void>): void {
    const tracked = task.catch((error: unknown) => this.onError(error));
    this.pending.add(tracked);
    void tracked.finally(() => this.pending.delete(tracked));
  }

  /** Resolves once nothing is under way (work started meanwhile included). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Shutdown: aborts `signal`, then resolves once every task has settled. */
  async close(): Promise<void> {
    this.stopping.abort();
    await this.idle();
  }
}

import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

interface Job {
  name: string;
  periodMs: number;
  run: () => Promise<void>;
}

/**
 * Jobs that run once per period across every instance (the daily retention job, say). Each
 * instance checks now and then; the one whose conditional update moves the job's `last_run_at`
 * forward runs it, so N instances run it once. A job that fails gives its turn back, to be tried
 * at the next check.
 */
export class PeriodicJobs {
  private readonly jobs: Job[] = [];
  private readonly instance = crypto.randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<string[]> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly onError: (error: unknown, job: string) => void,
    /** Hears every run this instance makes: the job, whether it worked, how long it took (metrics). */
    private readonly onRun?: (job: string, outcome: 'ok' | 'failed', ms: number) => void,
  ) {}

  /** Adds a job that runs every `periodMs` (from its last run), on one instance. */
  add(name: string, periodMs: number, run: () => Promise<void>): void {
    this.jobs.push({ name, periodMs, run });
  }

  /** Checks the jobs every `checkEveryMs` (and once now); never keeps the process alive. */
  start(checkEveryMs: number): void {
    const check = () => void this.runDue();
    this.timer = setInterval(check, checkEveryMs);
    this.timer.unref();
    setTimeout(check, 0).unref();
  }

  /** Stops checking and waits for a run under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Runs every job that is due and that this instance wins; resolves with the names it ran. */
  runDue(): Promise<string[]> {
    this.running ??= this.check().finally(() => (this.running = null));
    return this.running;
  }

  private async check(): Promise<string[]> {
    const ran: string[] = [];
    for (const job of this.jobs) {
      try {
        const claimed = await this.claim(job);
        if (claimed === null) continue;
        const started = performance.now();
        try {
          await job.run();
          this.onRun?.(job.name, 'ok', performance.now() - started);
          ran.push(job.name);
        } catch (error) {
          this.onRun?.(job.name, 'failed', performance.now() - started);
          this.onError(error, job.name);
          await this.giveBack(job.name, claimed);
        }
      } catch (error) {
        this.onError(error, job.name);
      }
    }
    return ran;
  }

  /** Takes this period's turn of a job; the previous run's time when won, null otherwise. */
  private async claim(job: Job): Promise<number | null> {
    await this.db
      .insertInto('job_runs')
      .values({ name: job.name, last_run_at: 0, run_by: null })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('job_runs')
      .select('last_run_at')
      .where('name', '=', job.name)
      .executeTakeFirstOrThrow();
    const now = this.now();
    if (row.last_run_at > now - job.periodMs) return null;
    // Only one instance's update finds the value it read: the others find it moved.
    const won = await this.db
      .updateTable('job_runs')
      .set({ last_run_at: now, run_by: this.instance })
      .where('name', '=', job.name)
      .where('last_run_at', '=', row.last_run_at)
      .executeTakeFirst();
    return Number(won.numUpdatedRows) === 1 ? row.last_run_at : null;
  }

  private async giveBack(name: string, previous: number): Promise<void> {
    await this.db
      .updateTable('job_runs')
      .set({ last_run_at: previous })
      .where('name', '=', name)
      .where('run_by', '=', this.instance)
      .execute();
  }
}

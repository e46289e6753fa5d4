import type { QueueAddOptions } from 'p-queue';

/** Whose a waiting job is, and what it costs: its address and person take turns, its cost weighs. */
export interface FairJob {
  /** The flow it shares with others: the client's address (or the person's own, when unknown). */
  address: string;
  /** The person (guest or account) who asked. */
  person: string;
  /** What running it costs (an image's decoded samples); the heaviest flow loses a job when full. */
  cost: number;
}

/** p-queue's options for a job in a FairOrder. */
export type FairOptions = QueueAddOptions & FairJob;

type Run = () => Promise<unknown>;
interface Waiting extends FairJob {
  id: string;
  run: Run;
}

/** A line of waiting jobs: a plain FIFO, or turns between lines of their own. */
interface Line {
  readonly size: number;
  /** The summed cost of what waits in it. */
  readonly weight: number;
  push(job: Waiting): void;
  shift(): Waiting | undefined;
  /** What the job `shift` would give costs (Infinity when empty). */
  nextCost(): number;
  remove(id: string): Waiting | undefined;
  /** The newest job of the heaviest flow, all the way down: what a full queue gives up first. */
  heaviest(): Waiting | undefined;
  /** Whether taking `heaviest()` out for `job` makes the shares more even (it weighs more than the newcomer would). */
  yieldsTo(job: FairJob): boolean;
  list(): Waiting[];
}

/** One person's jobs, oldest first. */
class Fifo implements Line {
  private readonly jobs: Waiting[] = [];
  weight = 0;

  get size() {
    return this.jobs.length;
  }
  push(job: Waiting) {
    this.jobs.push(job);
    this.weight += job.cost;
  }
  shift() {
    const job = this.jobs.shift();
    if (job) this.weight -= job.cost;
    return job;
  }
  nextCost() {
    return this.jobs[0]?.cost ?? Infinity;
  }
  remove(id: string) {
    const at = this.jobs.findIndex((job) => job.id === id);
    if (at < 0) return undefined;
    const [job] = this.jobs.splice(at, 1) as [Waiting];
    this.weight -= job.cost;
    return job;
  }
  heaviest() {
    return this.jobs.at(-1);
  }
  yieldsTo() {
    // A person's own jobs keep their order: a newcomer never pushes out its own elder.
    return false;
  }
  list() {
    return [...this.jobs];
  }
}

/**
 * Lines served in turn, one job per turn (round robin), keyed by `keyOf`. A line that gets a job
 * after a full turn with nothing waiting is new, and new lines go before those taking turns (as
 * fq_codel serves new flows first), the one asking for the least first: someone who asks now and
 * then never waits a round behind people who keep the queue full, nor behind a crowd of newcomers
 * with heavier work. A line just served stays in the turns, empty, until its next turn comes, so
 * emptying it and asking again does not make it new.
 */
class Turns implements Line {
  private readonly lines = new Map<string, Line>();
  private fresh: string[] = [];
  private served: string[] = [];
  size = 0;
  weight = 0;

  constructor(
    private readonly keyOf: (job: FairJob) => string,
    private readonly makeLine: () => Line,
  ) {}

  push(job: Waiting) {
    const key = this.keyOf(job);
    let line = this.lines.get(key);
    if (!line) {
      line = this.makeLine();
      this.lines.set(key, line);
      this.fresh.push(key);
    }
    line.push(job);
    this.size += 1;
    this.weight += job.cost;
  }

  /** The new line asking for the least (the oldest of equals), taken out of the new ones. */
  private takeFresh(): string | undefined {
    let at = -1;
    let least = Infinity;
    this.fresh.forEach((key, i) => {
      const cost = this.lines.get(key)?.nextCost() ?? Infinity;
      if (at < 0 || cost < least) [at, least] = [i, cost];
    });
    return at < 0 ? undefined : this.fresh.splice(at, 1)[0];
  }

  nextCost() {
    const fresh = Math.min(Infinity, ...this.fresh.map((key) => this.lines.get(key)?.nextCost() ?? Infinity));
    if (fresh < Infinity) return fresh;
    const next = this.served.find((key) => (this.lines.get(key)?.size ?? 0) > 0);
    return next === undefined ? Infinity : (this.lines.get(next) as Line).nextCost();
  }

  shift() {
    for (;;) {
      const key = this.takeFresh() ?? this.served.shift();
      if (key === undefined) return undefined;
      const line = this.lines.get(key) as Line;
      // An empty line whose turn comes again has had its round: it is let go.
      if (line.size === 0) {
        this.lines.delete(key);
        continue;
      }
      const job = line.shift() as Waiting;
      this.size -= 1;
      this.weight -= job.cost;
      this.served.push(key);
      return job;
    }
  }

  remove(id: string) {
    for (const line of this.lines.values()) {
      const job = line.remove(id);
      if (!job) continue;
      this.size -= 1;
      this.weight -= job.cost;
      // An emptied line keeps its place (let go when its turn comes): losing a job makes no one new.
      return job;
    }
    return undefined;
  }

  private heaviestKey(): string | undefined {
    let found: string | undefined;
    let most = -1;
    for (const [key, line] of this.lines) {
      if (line.weight > most) [found, most] = [key, line.weight];
    }
    return found;
  }

  heaviest() {
    const key = this.heaviestKey();
    return key === undefined ? undefined : this.lines.get(key)?.heaviest();
  }

  yieldsTo(job: FairJob) {
    const key = this.heaviestKey();
    if (key === undefined) return false;
    const line = this.lines.get(key) as Line;
    const own = this.keyOf(job);
    // The newcomer's own flow is the heaviest: the turn goes down a level (a person within the address).
    if (key === own) return line.yieldsTo(job);
    return line.weight > (this.lines.get(own)?.weight ?? 0) + job.cost;
  }

  list() {
    return [...this.lines.values()].flatMap((line) => line.list());
  }
}

/**
 * The order of p-queue's waiting jobs (its documented `queueClass`): addresses take turns, and
 * within an address, its people take turns, each person's jobs oldest first; a flow that had
 * nothing waiting goes first. p-queue runs the jobs; this decides only which is next.
 */
export class FairOrder {
  private readonly lines = new Turns(
    (job) => job.address,
    () =>
      new Turns(
        (job) => job.person,
        () => new Fifo(),
      ),
  );

  get size(): number {
    return this.lines.size;
  }

  enqueue(run: Run, options?: Partial<FairOptions>): void {
    const { id, address, person, cost } = options ?? {};
    if (id === undefined || address === undefined || person === undefined || cost === undefined) {
      throw new TypeError('FairOrder needs an id, address, person and cost for every job');
    }
    this.lines.push({ id, run, address, person, cost });
  }

  dequeue(): Run | undefined {
    return this.lines.shift()?.run;
  }

  /** Takes a waiting job out (p-queue calls it when a job's signal aborts before it started). */
  remove(id: string): void {
    this.lines.remove(id);
  }

  /** Every waiting job (p-queue's `sizeBy`); options are not looked at: a job has no priority here. */
  filter(): Run[] {
    return this.lines.list().map((job) => job.run);
  }

  /** Priorities are not used: the order is the turns'. */
  setPriority(): void {
    throw new Error('FairOrder keeps no priorities');
  }

  /**
   * When the queue is full, the job that gives its place to `job`: the newest of the heaviest
   * person of the heaviest address, if that flow weighs more than the newcomer's would; else none
   * (the newcomer is the one refused).
   */
  yielding(job: FairJob): string | undefined {
    return this.lines.yieldsTo(job) ? this.lines.heaviest()?.id : undefined;
  }
}

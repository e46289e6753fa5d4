import crypto from 'node:crypto';
import PQueue from 'p-queue';
import { AppError } from './errors.ts';
import { FairOrder, type FairJob, type FairOptions } from './fair-order.ts';

/** How much heavy work runs at once, how much may wait, and how it is shared out. */
export interface WorkQueueLimits {
  /** Jobs running at once in each lane. */
  concurrency: number;
  /** Jobs waiting in each lane; past it the heaviest flow gives up its newest, or the newcomer is refused (503). */
  maxWaiting: number;
  /** Jobs one person may have running or waiting; one more is refused at once (429). */
  perPerson: number;
  /** Jobs costing at most this go to the small lane, where they never wait behind larger ones. */
  smallCost: number;
}

/**
 * The image queue's limits unless configured (IMAGE_CONCURRENCY, IMAGE_QUEUE_MAX, IMAGE_SMALL_PIXELS):
 * one image decoded at a time in each lane, 8 waiting in each, 2 per person; up to 16 million
 * pixels (a 12-megapixel phone photo; 16-bit samples count twice) is small.
 */
export const DEFAULT_IMAGE_WORK: WorkQueueLimits = {
  concurrency: 1,
  maxWaiting: 8,
  perPerson: 2,
  smallCost: 16_000_000,
};

/** Which lane a job ran in, and how it ended: run, or refused (busy: its person's; full: the lane's; yielded: pushed out). */
export type WorkOutcome = 'ran' | 'busy' | 'full' | 'yielded';
/** A lane: small jobs, or the rest. */
export type Lane = 'small' | 'large';

/** How long a refused upload is told to wait before trying again, in seconds. */
const RETRY_AFTER_S = { busy: 2, full: 5 } as const;

const busy = () => new AppError('upload.error_busy', { retryAfterS: RETRY_AFTER_S.busy });
const full = () => new AppError('upload.error_queue_full', { retryAfterS: RETRY_AFTER_S.full });

/** One lane: p-queue runs its jobs, FairOrder decides which waits next. */
class LaneQueue {
  readonly order: FairOrder;
  readonly queue: PQueue<FairOrder, FairOptions>;
  /** How to push a waiting job out of its place (its signal), by id. */
  readonly waiting = new Map<string, AbortController>();

  constructor(concurrency: number) {
    const made: FairOrder[] = [];
    this.queue = new PQueue<FairOrder, FairOptions>({
      concurrency,
      // p-queue makes its queue itself; this keeps a handle on it to ask who yields.
      queueClass: class extends FairOrder {
        constructor() {
          super();
          made.push(this);
        }
      },
    });
    this.order = made[0] as FairOrder;
  }
}

/**
 * A bounded, fair queue for heavy work (decoding images). Jobs are weighed by cost before they
 * run (an image's pixels, read from its header): small ones have a lane of their own, so they never
 * wait behind large ones. In each lane, addresses take turns, and people within an address (see
 * FairOrder), so one person or one address keeping the queue full delays others by one job at most.
 * What does not fit is answered at once: 429 past a person's share, 503 when the lane is full and
 * the newcomer's flow is already the heaviest (else the heaviest flow's newest job gives way, 503).
 * p-queue runs the jobs (its documented `queueClass` takes our order); it has no per-key fairness,
 * shares or refusals of its own.
 */
export class WorkQueue {
  private readonly lanes: Record<Lane, LaneQueue>;
  private readonly held = new Map<string, number>();

  constructor(
    private readonly limits: WorkQueueLimits,
    private readonly observe: (lane: Lane, outcome: WorkOutcome, seconds: number) => void = () => undefined,
  ) {
    this.lanes = { small: new LaneQueue(limits.concurrency), large: new LaneQueue(limits.concurrency) };
  }

  /** Jobs running and waiting now, per lane (metrics, tests). */
  size(lane: Lane): { running: number; waiting: number } {
    const { queue } = this.lanes[lane];
    return { running: queue.pending, waiting: queue.size };
  }

  /** The lane a job of this cost goes to. */
  laneOf(cost: number): Lane {
    return cost <= this.limits.smallCost ? 'small' : 'large';
  }

  /**
   * 429 `upload.error_busy` now when `person` already holds their share (a job of theirs would be
   * refused): so an upload can be refused before its body is read.
   */
  refuseIfBusy(person: string): void {
    if ((this.held.get(person) ?? 0) < this.limits.perPerson) return;
    // Its cost is not known yet (nothing read): counted with the small lane's refusals.
    this.observe('small', 'busy', 0);
    throw busy();
  }

  /** Runs `work` for `job` when its turn comes; refuses at once when its person or its lane is full. */
  async run<T>(job: FairJob, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    const name = this.laneOf(job.cost);
    const seconds = () => (performance.now() - started) / 1000;
    const held = this.held.get(job.person) ?? 0;
    if (held >= this.limits.perPerson) {
      this.observe(name, 'busy', 0);
      throw busy();
    }
    const lane = this.lanes[name];
    if (lane.queue.pending >= this.limits.concurrency && lane.queue.size >= this.limits.maxWaiting) {
      const yielding = lane.order.yielding(job);
      if (yielding === undefined) {
        this.observe(name, 'full', 0);
        throw full();
      }
      lane.waiting.get(yielding)?.abort(full());
    }
    const id = crypto.randomUUID();
    const controller = new AbortController();
    lane.waiting.set(id, controller);
    this.held.set(job.person, held + 1);
    try {
      const result = await lane.queue.add(
        async () => {
          lane.waiting.delete(id);
          return work();
        },
        { ...job, id, signal: controller.signal },
      );
      this.observe(name, 'ran', seconds());
      return result;
    } catch (error) {
      if (controller.signal.aborted) this.observe(name, 'yielded', seconds());
      throw error;
    } finally {
      lane.waiting.delete(id);
      const left = (this.held.get(job.person) ?? 1) - 1;
      if (left > 0) this.held.set(job.person, left);
      else this.held.delete(job.person);
    }
  }
}

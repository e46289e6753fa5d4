import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { WorkQueue, type WorkQueueLimits } from './work-queue.ts';

/** A job that runs until the test lets it finish, and says when it started. */
function job(name = '') {
  let finish!: () => void;
  let started!: () => void;
  const startedPromise = new Promise<void>((resolve) => (started = resolve));
  const done = new Promise<void>((resolve) => (finish = resolve));
  let running = false;
  return {
    name,
    work: async () => {
      running = true;
      started();
      await done;
      return name || 'done';
    },
    finish,
    started: startedPromise,
    get running() {
      return running;
    },
  };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof AppError ? { status: error.status, code: error.code } : error),
  );

const LARGE = 100_000_000;
const SMALL = 1_000_000;
const limits = (overrides: Partial<WorkQueueLimits>): WorkQueueLimits => ({
  concurrency: 1,
  maxWaiting: 8,
  perPerson: 2,
  smallCost: 16_000_000,
  ...overrides,
});
const at = (address: string, person: string, cost = LARGE) => ({ address, person, cost });

describe('WorkQueue: image work bounded per person and per instance', () => {
  it('runs `concurrency` jobs at once, lets `maxWaiting` wait, refuses the next; one person holds `perPerson`', async () => {
    const queue = new WorkQueue(limits({ maxWaiting: 1, perPerson: 1 }));
    const a = job();
    const b = job();
    const ranA = queue.run(at('x', 'alice'), a.work);
    await a.started;
    const ranB = queue.run(at('x', 'bob'), b.work);
    expect(queue.size('large')).toEqual({ running: 1, waiting: 1 });
    // The lane is full, and a newcomer would weigh as much as whom it could push out: told at once.
    expect(await refusal(queue.run(at('x', 'bob-again'), job().work))).toEqual({
      status: 503,
      code: 'upload.error_queue_full',
    });
    // Alice already has her job in: her next one is refused at once, whatever room there is.
    expect(await refusal(queue.run(at('x', 'alice', SMALL), job().work))).toEqual({
      status: 429,
      code: 'upload.error_busy',
    });
    expect(b.running).toBe(false);
    a.finish();
    expect(await ranA).toBe('done');
    await b.started;
    b.finish();
    expect(await ranB).toBe('done');
    expect(queue.size('large')).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the turn and the person when a job fails', async () => {
    const queue = new WorkQueue(limits({ maxWaiting: 0, perPerson: 1 }));
    await expect(queue.run(at('x', 'alice'), () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(queue.size('large')).toEqual({ running: 0, waiting: 0 });
    expect(await queue.run(at('x', 'alice'), () => Promise.resolve(1))).toBe(1);
  });
});

describe('WorkQueue: fair shares by cost, address and person', () => {
  /** Runs jobs one by one as the queue starts them, and says in which order they started. */
  async function startOrder(queue: WorkQueue, jobs: ReturnType<typeof job>[], runs: Promise<unknown>[]) {
    const order: string[] = [];
    for (let i = 0; i < jobs.length; i += 1) {
      const next = await Promise.race(jobs.filter((j) => !order.includes(j.name)).map((j) => j.started.then(() => j)));
      order.push(next.name);
      next.finish();
    }
    await Promise.all(runs);
    return order;
  }

  it('gives a small job a lane of its own: it never waits behind large ones', async () => {
    const queue = new WorkQueue(limits({}));
    const large = [job('a1'), job('a2'), job('a3')];
    const runs = large.map((j, i) => queue.run(at('attacker', `guest-${i}`), j.work));
    await large[0]?.started;
    const small = job('small');
    const ranSmall = queue.run(at('elsewhere', 'victim', SMALL), small.work);
    await small.started;
    expect(queue.size('large')).toEqual({ running: 1, waiting: 2 });
    small.finish();
    expect(await ranSmall).toBe('small');
    for (const j of large) j.finish();
    await Promise.all(runs);
  });

  it('serves addresses in turn, one that had nothing waiting first, and people within an address in turn', async () => {
    const queue = new WorkQueue(limits({ perPerson: 3 }));
    const first = job('a1');
    const runs = [queue.run(at('attacker', 'g1'), first.work)];
    await first.started;
    // One guest queues three, another two, behind the running one; then someone else on the same
    // address, then someone on another address.
    const jobs = [job('a2'), job('a3'), job('a4'), job('b1'), job('b2'), job('n1'), job('v1')];
    const who = [at('attacker', 'g1'), at('attacker', 'g1'), at('attacker', 'g2'), at('attacker', 'g2')];
    who.push(at('attacker', 'g2'), at('attacker', 'neighbour'), at('elsewhere', 'victim'));
    jobs.forEach((j, i) => runs.push(queue.run(who[i] as ReturnType<typeof at>, j.work)));
    first.finish();
    const order = await startOrder(queue, jobs, runs);
    // The other address goes first; in the attacker's address its people take turns (g1, whose job
    // just ran, after those who had none), each person's jobs oldest first.
    expect(order).toEqual(['v1', 'a4', 'n1', 'a2', 'b1', 'a3', 'b2']);
  });

  it('serves the newcomer asking for the least first, among those that have not had a turn', async () => {
    const queue = new WorkQueue(limits({}));
    const first = job('g0');
    const runs = [queue.run(at('nat', 'g0'), first.work)];
    await first.started;
    const guests = [job('g1'), job('g2'), job('g3')];
    guests.forEach((j, i) => runs.push(queue.run(at('nat', `guest-${i}`), j.work)));
    const neighbour = job('photo');
    runs.push(queue.run(at('nat', 'neighbour', LARGE / 5), neighbour.work));
    first.finish();
    expect(await startOrder(queue, [neighbour, ...guests], runs)).toEqual(['photo', 'g1', 'g2', 'g3']);
  });

  it('when a lane is full, the heaviest flow gives up its newest job to a lighter newcomer', async () => {
    const queue = new WorkQueue(limits({ maxWaiting: 2, perPerson: 3 }));
    const running = job('a1');
    const runs: Promise<unknown>[] = [queue.run(at('attacker', 'g1'), running.work)];
    await running.started;
    const a2 = refusal(queue.run(at('attacker', 'g1'), job('a2').work));
    const a3 = refusal(queue.run(at('attacker', 'g1'), job('a3').work));
    // Someone on another address takes the place of the attacker's newest job, answered 503 at once.
    const victim = job('v1');
    runs.push(queue.run(at('elsewhere', 'victim'), victim.work));
    expect(await a3).toEqual({ status: 503, code: 'upload.error_queue_full' });
    // A neighbour on the attacker's address asks for less than the attacker's guest holds: it takes its place.
    const neighbour = job('n1');
    runs.push(queue.run(at('attacker', 'neighbour', LARGE / 2), neighbour.work));
    expect(await a2).toEqual({ status: 503, code: 'upload.error_queue_full' });
    // The guest asks again: its address would then weigh the most, so it is the one refused.
    expect(await refusal(queue.run(at('attacker', 'g1'), job().work))).toEqual({
      status: 503,
      code: 'upload.error_queue_full',
    });
    running.finish();
    expect(await startOrder(queue, [victim, neighbour], runs)).toEqual(['v1', 'n1']);
  });
});

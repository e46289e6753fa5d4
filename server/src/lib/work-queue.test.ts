import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { WorkQueue } from './work-queue.ts';

/** A job that runs until the test lets it finish, and says when it started. */
function job() {
  let finish!: () => void;
  let started!: () => void;
  const startedPromise = new Promise<void>((resolve) => (started = resolve));
  const done = new Promise<void>((resolve) => (finish = resolve));
  let running = false;
  return {
    work: async () => {
      running = true;
      started();
      await done;
      return 'done';
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

describe('WorkQueue (issue 30, item 2: image work bounded per user and per instance)', () => {
  it('runs `concurrency` jobs at once, lets `maxWaiting` wait, refuses the next; one user holds `perKey`', async () => {
    const queue = new WorkQueue({ concurrency: 1, maxWaiting: 1, perKey: 1 });
    const a = job();
    const b = job();
    const ranA = queue.run('alice', a.work);
    await a.started;
    const ranB = queue.run('bob', b.work);
    expect(queue.size).toEqual({ running: 1, waiting: 1 });
    // The queue is full: a third user is told at once, not kept waiting.
    expect(await refusal(queue.run('carol', job().work))).toEqual({ status: 503, code: 'errors.unavailable' });
    // Alice already has her job in: her next one is refused at once, whatever room there is.
    expect(await refusal(queue.run('alice', job().work))).toEqual({ status: 429, code: 'errors.rate_limited' });
    expect(b.running).toBe(false);
    a.finish();
    expect(await ranA).toBe('done');
    await b.started;
    expect(queue.size).toEqual({ running: 1, waiting: 0 });
    // Alice's turn is free again.
    const a2 = job();
    const ranA2 = queue.run('alice', a2.work);
    b.finish();
    expect(await ranB).toBe('done');
    await a2.started;
    a2.finish();
    expect(await ranA2).toBe('done');
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the turn and the key when a job fails', async () => {
    const queue = new WorkQueue({ concurrency: 1, maxWaiting: 0, perKey: 1 });
    await expect(queue.run('alice', () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
    expect(await queue.run('alice', () => Promise.resolve(1))).toBe(1);
  });
});

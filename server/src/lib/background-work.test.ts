import { describe, expect, it } from 'vitest';
import { BackgroundWork } from './background-work.ts';

describe('BackgroundWork', () => {
  it('waits for every task, those started meanwhile too, and reports failures without throwing', async () => {
    const errors: unknown[] = [];
    const work = new BackgroundWork((error) => errors.push(error));
    const done: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    work.track(
      held.then(() => {
        done.push('first');
        // Started while the first is settling: idle() waits for it as well.
        work.track(Promise.resolve().then(() => void done.push('second')));
      }),
    );
    work.track(Promise.reject(new Error('broke')));
    const idle = work.idle();
    release();
    await idle;
    expect(done).toEqual(['first', 'second']);
    expect(errors).toEqual([new Error('broke')]);
  });

  it('stops work under way at close, through its signal, and resolves once it has settled', async () => {
    const work = new BackgroundWork(() => undefined);
    let stopped = false;
    work.track(
      new Promise<void>((resolve) =>
        work.signal.addEventListener('abort', () => {
          stopped = true;
          resolve();
        }),
      ),
    );
    expect(work.signal.aborted).toBe(false);
    await work.close();
    expect(stopped).toBe(true);
    expect(work.signal.aborted).toBe(true);
  });
});

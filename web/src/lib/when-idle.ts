/**
 * Runs `work` in a task of its own once the browser is idle, and returns what cancels it. For work
 * nothing waits on, which would otherwise lengthen a busy task (say, the first use of the browser's
 * time zone data, a few dozen milliseconds on a phone). `after` holds it back that long first (so
 * it runs once the page has settled, not in a pause while it is still hydrating); it runs
 * at most `timeout` ms after that.
 */
export function whenIdle(work: () => void, { after = 0, timeout = 2_000 }: { after?: number; timeout?: number } = {}) {
  let idle: number | null = null;
  const delay = setTimeout(() => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(() => work(), { timeout });
    else work();
  }, after);
  return () => {
    clearTimeout(delay);
    if (idle !== null) cancelIdleCallback(idle);
  };
}

/**
 * Runs `work` in a task of its own, next (a timer of 0), and returns what cancels it: for work that
 * would otherwise lengthen the task it is asked from (the effects of a page just hydrated run
 * together, in one).
 */
export function inTaskOfItsOwn(work: () => void): () => void {
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}

/** Resolves in the next task: what the browser has waiting (a tap, a frame) goes first. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Starts each of `starts` in a task of its own, one after another, and resolves once all have
 * settled: work that may each be quick (answers already at hand) stays side by side without
 * adding up to one long task.
 */
export async function startApart(starts: readonly (() => Promise<unknown>)[]): Promise<void> {
  const started: Promise<unknown>[] = [];
  for (const start of starts) {
    if (started.length > 0) await nextTask();
    started.push(start().catch(() => undefined));
  }
  await Promise.all(started);
}

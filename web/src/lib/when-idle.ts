/**
 * Runs `work` in a task of its own once the browser is idle (at most `timeout` ms later), and
 * returns what cancels it. For work nothing waits on, which would otherwise lengthen a busy task
 * (say, the first use of the browser's time zone data, a few dozen milliseconds on a phone).
 */
export function whenIdle(work: () => void, timeout = 2_000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(() => work(), { timeout });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, 0);
  return () => clearTimeout(handle);
}

/** Calls `log` at most once per `ms` (an outage would otherwise log once per request). */
export function oncePer<T>(ms: number, log: (value: T) => void): (value: T) => void {
  let last = Number.NEGATIVE_INFINITY;
  return (value) => {
    const now = Date.now();
    if (now - last < ms) return;
    last = now;
    log(value);
  };
}

/**
 * What the browser benchmarks (bench-lighthouse.mjs, bench-hydration.mjs) and the screenshots
 * (screens.mjs) share: the current build (`server/dist` + `web/dist`; run `npm run build` first)
 * served on a random port of this machine with a fresh SQLite database in a temporary folder,
 * Debian's Chromium's flags, and `--key=value` options.
 */
import { startServer as startBuiltServer } from '../bench/lib.mjs';

/** Headless Debian Chromium that reaches for nothing on the network of its own. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** `--key=value` options (a bare `--key` is 'true'). */
export function optionsOf(argv = process.argv.slice(2)) {
  return Object.fromEntries(
    argv.map((arg) => {
      const [key, ...value] = arg.replace(/^--/, '').split('=');
      return [key, value.join('=') || 'true'];
    }),
  );
}

/**
 * Starts the built server as `npm start` would (bench/lib.mjs) on SQLite in a data folder of its
 * own; returns its URL and a stop function. `env` adds to its environment (`WEB_DIST`, say: another
 * build of the web app).
 */
export async function startServer(env = {}) {
  const server = await startBuiltServer({ DATABASE_URL: '', REDIS_URL: '', ...env });
  return { url: server.base, stop: () => server.stop() };
}

/** The median of the runs that produced the figure (a run can miss one, e.g. no LCP recorded). */
export function median(values) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

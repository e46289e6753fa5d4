/**
 * The Chromium the browser tests run in, found or set up before any test runs (`npm test`'s
 * pretest, and the browser suite's own setup): CHROMIUM_PATH when set; else Debian's `chromium`
 * (with its headless shell when installed); else a Chromium Playwright installed. With none, it
 * installs one the way this machine allows: Debian's packages as root with apt (as .ci/run does),
 * else Playwright's download; if neither works it stops with one line saying what to run.
 *
 *   node scripts/browser-for-tests.mjs           find, else install, else say what to run (exit 1)
 *   node scripts/browser-for-tests.mjs --check   find only
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Debian's Chromium and its headless shell (packages chromium and chromium-headless-shell). */
export const DEBIAN = { full: '/usr/bin/chromium', shell: '/usr/bin/chromium-headless-shell' };
/** The Debian packages that provide them. */
export const DEBIAN_PACKAGES = ['chromium', 'chromium-headless-shell'];

/** What to run when no browser could be found or installed: the one line the tests stop with. */
export const WHAT_TO_RUN =
  'The browser tests need Chromium: run `apt-get install chromium chromium-headless-shell` as root ' +
  '(Debian, Ubuntu) or `npx playwright-core install chromium`, or set CHROMIUM_PATH to a Chromium; then `npm test`.';

/** Whether `file` is a file this process may run. */
function executable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Where Playwright keeps the Chromium it downloads for this version of playwright-core, or null. */
async function playwrightChromium() {
  try {
    const { chromium } = await import('playwright-core');
    return chromium.executablePath() || null;
  } catch {
    return null;
  }
}

/**
 * The browser for the tests, from what this machine has (`probe` answers whether a path is an
 * executable file): `{ full, shell }` (`shell` null when there is no headless shell to use), or
 * `{ problem }` when CHROMIUM_PATH names nothing that runs, or null when there is no browser.
 */
export function findBrowser({ env, probe, playwrightPath }) {
  const named = env.CHROMIUM_PATH;
  if (named !== undefined && named !== '') {
    if (probe(named)) return { full: named, shell: null, source: 'CHROMIUM_PATH' };
    return {
      problem: `CHROMIUM_PATH=${named} is not a browser that runs: point it at Chromium, or unset it to use Debian's or Playwright's.`,
    };
  }
  if (probe(DEBIAN.full))
    return { full: DEBIAN.full, shell: probe(DEBIAN.shell) ? DEBIAN.shell : null, source: 'debian' };
  if (playwrightPath && probe(playwrightPath)) return { full: playwrightPath, shell: null, source: 'playwright' };
  return null;
}

/**
 * How to get a browser when there is none, in the order to try: Debian's packages when this is
 * root on a machine with apt-get (as .ci/run installs them), then Playwright's download.
 */
export function installPlan({ isRoot, hasApt }) {
  return [...(isRoot && hasApt ? ['apt'] : []), 'playwright'];
}

/** Runs one way of installing; true when it finished well. */
function install(way) {
  const run = (command, args) =>
    spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
      .status === 0;
  if (way === 'apt') {
    console.log(`--- installing the browser from Debian's packages: ${DEBIAN_PACKAGES.join(' ')}`);
    return (
      run('apt-get', ['update', '-qq']) &&
      run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...DEBIAN_PACKAGES])
    );
  }
  console.log('--- installing the browser with Playwright: playwright-core install chromium');
  const cli = path.join(path.dirname(fileURLToPath(import.meta.resolve('playwright-core'))), 'cli.js');
  return run(process.execPath, [cli, 'install', 'chromium']);
}

/** This machine's browser for the tests (see `findBrowser`), looked up now. */
export async function browserForTests(env = process.env) {
  return findBrowser({ env, probe: executable, playwrightPath: await playwrightChromium() });
}

/**
 * Finds the browser, else installs one (unless `checkOnly`); returns it, or the one line saying
 * what is wrong and what to run.
 */
export async function ensureBrowser({ checkOnly = false } = {}) {
  const found = await browserForTests();
  if (found && 'problem' in found) return { line: found.problem };
  if (found) return { browser: found };
  if (!checkOnly) {
    const hasApt = executable('/usr/bin/apt-get') && fs.existsSync('/etc/debian_version');
    for (const way of installPlan({ isRoot: process.getuid?.() === 0, hasApt })) {
      if (!install(way)) continue;
      const installed = await browserForTests();
      if (installed && !('problem' in installed)) return { browser: installed };
    }
  }
  return { line: WHAT_TO_RUN };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { browser, line } = await ensureBrowser({ checkOnly: process.argv.includes('--check') });
  if (line) {
    console.error(line);
    process.exit(1);
  }
  console.log(`browser tests: ${browser.full}${browser.shell ? ` (pages in ${browser.shell})` : ''}`);
}

/**
 * Runs one test suite again and again while busy loops keep the cores loaded, and prints each
 * run's result: a test that passes only on a quiet machine shows up here before it lands.
 *
 *   npm run test:flaky -- [--suite=server|web|contracts|e2e|all] [--runs=5] [--load=2] [files or vitest options…]
 *
 * --suite  which workspace's Vitest suite (all: `npm test`, the build included); default server.
 * --runs   how many runs, one after another; default 5.
 * --load   how many CPU-bound processes (`node -e 'for(;;){}'`) run beside it; default 2.
 * Anything else goes to `vitest run` as is (one spec: `--suite=e2e specs/chat.spec.ts`).
 * For e2e the build is done once, first. Each run's output is kept in a file of its own; the
 * failed tests are listed. Exits 1 when any run failed. The busy loops end with it, Ctrl-C included.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SUITES = { contracts: 'packages/contracts', server: 'server', web: 'web', e2e: 'e2e' };

const options = { suite: 'server', runs: '5', load: '2' };
const passOn = [];
for (const arg of process.argv.slice(2)) {
  const match = /^--(suite|runs|load)=(.*)$/.exec(arg);
  if (match) options[match[1]] = match[2];
  else passOn.push(arg);
}
const runs = Number(options.runs);
const load = Number(options.load);
if (!(options.suite in SUITES) && options.suite !== 'all') {
  console.error(`--suite must be one of ${[...Object.keys(SUITES), 'all'].join(', ')}`);
  process.exit(2);
}
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(load) || load < 0) {
  console.error('--runs must be a whole number ≥ 1 and --load ≥ 0');
  process.exit(2);
}

// The load: processes that only burn a core each, ended whatever happens.
const busy = Array.from({ length: load }, () => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
let current = null;
function stopAll() {
  for (const child of busy) if (child.exitCode === null) child.kill('SIGKILL');
  if (current && current.exitCode === null) current.kill('SIGTERM');
}
process.on('exit', stopAll);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}

/** Runs `command` in `cwd`, its output to `logFile`; resolves with its exit code. */
function run(command, args, cwd, logFile) {
  return new Promise((resolve) => {
    const log = fs.openSync(logFile, 'w');
    current = spawn(command, args, { cwd, stdio: ['ignore', log, log], env: { ...process.env, FORCE_COLOR: '0' } });
    current.once('exit', (code, signal) => {
      fs.closeSync(log);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** The failed tests a Vitest log names (its "FAIL  file > test" lines), without repeats. */
function failuresIn(logFile) {
  // (Without its colours: Vitest colours its output even when told not to.)
  const lines = fs
    .readFileSync(logFile, 'utf8')
    .replace(new RegExp(String.fromCharCode(27) + '\\[[0-9;]*m', 'g'), '')
    .split('\n');
  return [...new Set(lines.filter((line) => /^\s*FAIL\s/.test(line)).map((line) => line.trim()))];
}

if (options.suite === 'e2e') {
  console.log('building once for the browser suite…');
  const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gomeum-flaky-'));
const what = options.suite === 'all' ? 'npm test' : `${options.suite}: vitest run ${passOn.join(' ')}`.trim();
console.log(
  `${what}, ${runs} run(s), beside ${load} busy loop(s) on ${os.availableParallelism()} core(s); logs in ${logDir}`,
);
const results = [];
for (let index = 1; index <= runs; index += 1) {
  const logFile = path.join(logDir, `run-${index}.log`);
  const started = Date.now();
  const code =
    options.suite === 'all'
      ? await run('npm', ['test'], ROOT, logFile)
      : await run('npx', ['vitest', 'run', ...passOn], path.join(ROOT, SUITES[options.suite]), logFile);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const failures = code === 0 ? [] : failuresIn(logFile);
  results.push(code === 0);
  console.log(`run ${index}/${runs}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s  ${logFile}`);
  for (const failure of failures) console.log(`    ${failure}`);
}
const failed = results.filter((ok) => !ok).length;
console.log(`${runs - failed} of ${runs} runs passed`);
stopAll();
process.exitCode = failed > 0 ? 1 : 0;

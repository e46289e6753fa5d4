/**
 * Whether the built tree (server/dist, web/dist) is missing or older than its sources, and building
 * it when it is. Plain JavaScript on purpose: `npm start` runs this with no dev dependencies.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** Files and folders the build reads (folders recursively; tests left out). */
const SOURCES = [
  'package-lock.json',
  'packages/contracts/package.json',
  'packages/contracts/src',
  'server/package.json',
  'server/scripts/build.ts',
  'server/src',
  'web/package.json',
  'web/index.html',
  'web/vite.config.ts',
  'web/public',
  'web/scripts',
  'web/service-worker',
  'web/src',
];

/** What the build writes; the oldest of them is the build's time. */
const OUTPUTS = [
  'server/dist/main.js',
  'server/dist/cli.js',
  'server/dist/backup-cli.js',
  'server/dist/route-table.js',
  'web/dist/index.html',
  'web/dist/version.json',
  'web/dist-ssr/entry-server.js',
];

const isTest = (name) => /\.test\.tsx?$/.test(name);

/** The newest modification time under `target` (a file or a folder), 0 when it does not exist. */
function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.isFile() && isTest(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** Why a build is needed, or null when the built tree is present and newer than every source. */
export function staleReason(root = ROOT) {
  let oldestOutput = Infinity;
  for (const output of OUTPUTS) {
    const time = newestMtime(path.join(root, output));
    if (time === 0) return `${output} is missing`;
    oldestOutput = Math.min(oldestOutput, time);
  }
  for (const source of SOURCES) {
    if (newestMtime(path.join(root, source)) > oldestOutput) return `${source} changed since the last build`;
  }
  return null;
}

/** True when the build tools (dev dependencies) are installed. */
function canBuild(root) {
  return ['esbuild', 'tsx', 'vite'].every((tool) =>
    fs.existsSync(path.join(root, 'node_modules', tool, 'package.json')),
  );
}

/** Builds (`npm run build`) when the built tree is missing or stale; exits the process if it cannot. */
export function ensureBuilt(root = ROOT) {
  const reason = staleReason(root);
  if (!reason) return;
  if (!canBuild(root)) {
    console.error(
      `Cannot start: ${reason}, and the build tools are not installed (npm ci --omit=dev).\n` +
        'Build first where the dev dependencies are installed: npm ci && npm run build',
    );
    process.exit(1);
  }
  console.error(`Building: ${reason}.`);
  const npm = process.env.npm_execpath;
  const result = npm
    ? spawnSync(process.execPath, [npm, 'run', 'build'], { cwd: root, stdio: 'inherit' })
    : spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The build failed.');
    process.exit(result.status ?? 1);
  }
}

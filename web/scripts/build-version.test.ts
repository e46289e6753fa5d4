import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const WEB = path.resolve(import.meta.dirname, '..');
const ROOT = path.resolve(WEB, '..');
const VITE = path.join(ROOT, 'node_modules/vite/bin/vite.js');

/** Builds the web app into `web/<name>` (beside web/dist, so relative paths in source maps match). */
async function buildInto(name: string, env: NodeJS.ProcessEnv = {}): Promise<string> {
  const outDir = path.join(WEB, name);
  // A plain shell's environment: vitest sets NODE_ENV=test, which would make a development build.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !['BUILD_VERSION', 'NODE_ENV', 'MODE'].includes(key) && !key.startsWith('VITE'),
    ),
  );
  await run(process.execPath, [VITE, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: WEB,
    env: { ...inherited, ...env },
  });
  return outDir;
}

/** Every file of a build, relative path → SHA-256 of its bytes. */
function digest(dir: string): Map<string, string> {
  const files = fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
  return new Map(
    files.map((file) => [
      file,
      crypto
        .createHash('sha256')
        .update(fs.readFileSync(path.join(dir, file)))
        .digest('hex'),
    ]),
  );
}

const versionOf = (dir: string) =>
  (JSON.parse(fs.readFileSync(path.join(dir, 'version.json'), 'utf8')) as { version: string }).version;

describe('web build', () => {
  const names = ['dist-check-a', 'dist-check-b', 'dist-check-release'];
  let first: string;
  let second: string;
  let release: string;
  beforeAll(async () => {
    // One after the other: two at once would fight over the machine's two cores.
    first = await buildInto(names[0]!);
    second = await buildInto(names[1]!);
    release = await buildInto(names[2]!, { BUILD_VERSION: 'release-2026.11' });
  }, 120_000);
  afterAll(() => {
    for (const name of names) fs.rmSync(path.join(WEB, name), { recursive: true, force: true });
  });

  it('is byte-identical when built twice from the same sources', () => {
    const a = digest(first);
    const b = digest(second);
    expect([...a.keys()]).toEqual([...b.keys()]);
    expect(a.size).toBeGreaterThan(10);
    for (const [file, hash] of a) expect(b.get(file), file).toBe(hash);
  });

  it('names its version after its content, in version.json and in the page shell', () => {
    const version = versionOf(first);
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    const html = fs.readFileSync(path.join(first, 'index.html'), 'utf8');
    expect(html).toContain(`<meta name="gomeum-version" content="${version}">`);
  });

  it('takes BUILD_VERSION when set, and every hashed asset stays the same bytes', () => {
    expect(versionOf(release)).toBe('release-2026.11');
    expect(fs.readFileSync(path.join(release, 'index.html'), 'utf8')).toContain('content="release-2026.11"');
    const plain = digest(first);
    const released = digest(release);
    const assets = [...plain.keys()].filter((file) => file.startsWith(`assets${path.sep}`));
    expect(assets.length).toBeGreaterThan(10);
    for (const file of assets) expect(released.get(file), file).toBe(plain.get(file));
  });

  it('holds no path of the machine it was built on, so another checkout builds the same bytes', () => {
    for (const file of digest(first).keys()) {
      const text = fs.readFileSync(path.join(first, file), 'utf8');
      expect(text.includes(ROOT), file).toBe(false);
    }
  });
});

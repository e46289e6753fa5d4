/**
 * Vitest's test projects for a workspace: its files share one module graph per worker (`isolate:
 * false`: each module is loaded once, not once per file, which halved the server's and the web
 * app's suites here), except the files that need a graph of their own. A file needs one when it
 * mocks a module (`vi.mock`, `vi.doMock`: the mock would reach the files after it) or says so with
 * the comment `// vitest: isolate` (it reads a module's state from the module's start). Found by
 * reading the files when the config loads, so a new mocking test cannot end up sharing by mistake.
 */
import fs from 'node:fs';
import path from 'node:path';

const NEEDS_ISOLATION = /\bvi\.(?:mock|doMock)\(|\/\/ vitest: isolate\b/;
const TEST_FILE = /\.test\.tsx?$/;

/** The test files under `dirs` (relative to `root`) that need a module graph of their own. */
export function isolatedTestFiles(root, dirs) {
  return dirs
    .flatMap((dir) =>
      fs
        .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((file) => TEST_FILE.test(file))
        .map((file) => path.join(dir, file).split(path.sep).join('/')),
    )
    .filter((file) => NEEDS_ISOLATION.test(fs.readFileSync(path.join(root, file), 'utf8')))
    .sort();
}

/**
 * Two projects over `include`: 'shared' (one module graph per worker) and 'isolated' (a graph per
 * file) for the files `isolatedTestFiles` finds under `dirs`. Both extend the root config.
 */
export function sharedAndIsolated(root, dirs, include) {
  const isolated = isolatedTestFiles(root, dirs);
  return [
    { extends: true, test: { name: 'shared', include, exclude: isolated, isolate: false } },
    { extends: true, test: { name: 'isolated', include: isolated, isolate: true } },
  ];
}

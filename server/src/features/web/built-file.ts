import fs from 'node:fs';

/** How often a file of the build is looked at on disk, at most: a second. */
export const BUILD_CHECK_MS = 1_000;

/**
 * A file of the web build as `load` makes it (its text, its parsed JSON, its module), made again
 * when the file changes on disk: a web build deployed beside a running server is served within
 * a second, without a restart. The file's modification time is looked up at most once per
 * `checkEveryMs` (requests in between share the last look), not on every request: a page is
 * served with no filesystem call. `missing` stands for a file that is not there.
 */
export function builtFile<T>(
  file: string,
  load: (file: string, mtimeMs: number) => Promise<T> | T,
  missing: T,
  checkEveryMs = BUILD_CHECK_MS,
): () => Promise<T> {
  let loaded: { mtimeMs: number; value: Promise<T> } | null = null;
  let look: { at: number; value: Promise<T> } | null = null;
  const lookNow = async (): Promise<T> => {
    let mtimeMs: number;
    try {
      mtimeMs = (await fs.promises.stat(file)).mtimeMs;
    } catch {
      loaded = null;
      return missing;
    }
    if (loaded?.mtimeMs !== mtimeMs) {
      const value = Promise.resolve().then(() => load(file, mtimeMs));
      loaded = { mtimeMs, value };
      // A load that failed is tried again at the next look.
      value.catch(() => {
        if (loaded?.value === value) loaded = null;
      });
    }
    return loaded.value;
  };
  return () => {
    const now = Date.now();
    if (!look || now - look.at >= checkEveryMs) look = { at: now, value: lookNow() };
    return look.value;
  };
}

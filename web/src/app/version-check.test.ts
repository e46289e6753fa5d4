import { describe, expect, it, vi } from 'vitest';
import { checkVersion, VERSION_RELOAD_KEY, type VersionCheckEnvironment } from './version-check.ts';

function environment(serverVersion: string | Error, storage = new Map<string, string>()) {
  const env = {
    builtVersion: '2026-11-22-01',
    fetchVersion: vi.fn(() =>
      serverVersion instanceof Error ? Promise.reject(serverVersion) : Promise.resolve(serverVersion),
    ),
    storage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    },
    clearCaches: vi.fn(() => Promise.resolve()),
    reload: vi.fn(),
  } satisfies VersionCheckEnvironment;
  return { env, storage };
}

describe('checkVersion', () => {
  it('does nothing when the server runs this build', async () => {
    const { env } = environment('2026-11-22-01');
    expect(await checkVersion(env)).toBe('current');
    expect(env.clearCaches).not.toHaveBeenCalled();
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('clears the caches before reloading once for a new build, and not again for the same one', async () => {
    const { env, storage } = environment('2026-11-23-01');
    const order: string[] = [];
    env.clearCaches.mockImplementation(async () => void order.push('clear'));
    env.reload.mockImplementation(() => void order.push('reload'));
    expect(await checkVersion(env)).toBe('reloaded');
    expect(order).toEqual(['clear', 'reload']);
    expect(storage.get(VERSION_RELOAD_KEY)).toBe('2026-11-23-01');

    // After the reload the page is still the old build (a stale cache in between): no loop.
    expect(await checkVersion(env)).toBe('already-reloaded');
    expect(env.reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again for a newer build still', async () => {
    const storage = new Map([[VERSION_RELOAD_KEY, '2026-11-23-01']]);
    const { env } = environment('2026-11-24-01', storage);
    expect(await checkVersion(env)).toBe('reloaded');
    expect(env.reload).toHaveBeenCalledTimes(1);
  });

  it('only logs when the version cannot be read', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { env } = environment(new Error('offline'));
    expect(await checkVersion(env)).toBe('failed');
    expect(env.reload).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

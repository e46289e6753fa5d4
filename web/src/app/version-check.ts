import { versionSchema } from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import { pageBuildVersion } from './build-version.ts';

/** Remembers, for this tab, the server version we already reloaded for: one reload, never a loop. */
export const VERSION_RELOAD_KEY = 'gomeum.version-reload';

/** What the check may touch; the browser's by default, fakes in tests. */
export interface VersionCheckEnvironment {
  builtVersion: string;
  fetchVersion: () => Promise<string>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  clearCaches: () => Promise<void>;
  reload: () => void;
}

async function fetchServerVersion(): Promise<string> {
  const response = await fetch(routes.version.path, { cache: 'no-store', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`version.json answered ${response.status}`);
  return versionSchema.parse(await response.json()).version;
}

/** Deletes every cache of this site and lets the service worker start over with the new build. */
async function clearAllCaches(): Promise<void> {
  if ('caches' in window) {
    const keys = await caches.keys();
    await Promise.all(keys.map((key) => caches.delete(key)));
  }
  if ('serviceWorker' in navigator) {
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(registrations.map((registration) => registration.unregister()));
  }
}

function browserEnvironment(): VersionCheckEnvironment {
  return {
    builtVersion: pageBuildVersion(),
    fetchVersion: fetchServerVersion,
    storage: sessionStorage,
    clearCaches: clearAllCaches,
    reload: () => window.location.reload(),
  };
}

/**
 * At start: reads `/version.json` uncached and, when the server runs another build than this page,
 * deletes all caches and reloads once. If the reload still brings the old page, it stays (no loop).
 * Failures are only logged. Returns what it did.
 */
export async function checkVersion(
  env: VersionCheckEnvironment = browserEnvironment(),
): Promise<'current' | 'reloaded' | 'already-reloaded' | 'failed'> {
  try {
    const serverVersion = await env.fetchVersion();
    if (serverVersion === env.builtVersion) return 'current';
    if (env.storage.getItem(VERSION_RELOAD_KEY) === serverVersion) {
      console.warn(`still on ${env.builtVersion} after reloading for ${serverVersion}`);
      return 'already-reloaded';
    }
    env.storage.setItem(VERSION_RELOAD_KEY, serverVersion);
    await env.clearCaches();
    env.reload();
    return 'reloaded';
  } catch (error) {
    console.warn('version check failed', error);
    return 'failed';
  }
}

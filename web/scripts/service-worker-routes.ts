import { API_PREFIX, routePattern } from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import type { ServiceWorkerConfig } from '../service-worker/config.ts';
import { OFFLINE_DATA_CACHE } from '../src/lib/offline-data.ts';

/** A route of the user's table, by name. */
type RouteName = keyof typeof routes;

/**
 * The API reads the service worker keeps for offline use (the user's last-read answers, served
 * from the cache when the network is gone): who is signed in, the task screen and logs, Gomeum's
 * logs, the moon's questions, the diary.
 */
export const OFFLINE_READS = [
  'me',
  'taskScreen',
  'taskLogs',
  'gomeumLogs',
  'moonQuestions',
  'updates',
  'diaryState',
  'update',
] as const satisfies readonly RouteName[];

type OfflineRead = (typeof OFFLINE_READS)[number];

/** What a write to a planet changes of the cached reads. */
const PLANET_READS = ['taskScreen', 'taskLogs'] as const satisfies readonly OfflineRead[];

/**
 * The writes that change cached reads, and which: after one succeeds, those of them already cached are
 * read again (with the write's own parameters), so offline shows the new state.
 */
export const OFFLINE_REFRESHES = {
  confirmTask: PLANET_READS,
  setReminder: PLANET_READS,
  submitProof: PLANET_READS,
  deleteProof: PLANET_READS,
  celebration: PLANET_READS,
  planetSeen: PLANET_READS,
  answerMoonQuestion: ['moonQuestions'],
  diarySeen: ['diaryState'],
  setLocale: ['me'],
} as const satisfies Partial<Record<RouteName, readonly OfflineRead[]>>;

/** What the service worker is built with: its cache of last reads and its routes, from the route table. */
export function serviceWorkerRoutes(): ServiceWorkerConfig {
  return {
    dataCache: OFFLINE_DATA_CACHE,
    api: {
      prefix: API_PREFIX,
      reads: OFFLINE_READS.map((name) => routePattern(routes[name]).source),
      refreshes: Object.entries(OFFLINE_REFRESHES).map(([name, reads]) => {
        const write = routes[name as keyof typeof OFFLINE_REFRESHES];
        return {
          method: write.method,
          pattern: routePattern(write).source,
          reads: reads.map((read) => routes[read].path),
        };
      }),
    },
  };
}

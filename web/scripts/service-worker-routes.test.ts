import fs from 'node:fs';
import path from 'node:path';
import type { RouteDef } from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import { describe, expect, it } from 'vitest';
import { offlineReads } from '../service-worker/offline-reads.ts';
import { OFFLINE_DATA_CACHE } from '../src/lib/offline-data.ts';
import { OFFLINE_READS, OFFLINE_REFRESHES, serviceWorkerRoutes } from './service-worker-routes.ts';

const SW_DIR = path.resolve(import.meta.dirname, '../service-worker');
const table: Record<string, RouteDef> = routes;

/** What the worker keeps and refreshes, as built from the route table. */
function builtWorker() {
  const config = serviceWorkerRoutes();
  const reads = offlineReads(config.api);
  return { keeps: reads.keeps, refreshes: reads.changedBy, dataCache: config.dataCache };
}

describe("the service worker's routes", () => {
  it('are all in the route table: reads kept are GET routes, the writes that refresh them are not', () => {
    for (const name of OFFLINE_READS) {
      expect(table[name], `${name} is not in the route table`).toBeDefined();
      expect(table[name]?.method, name).toBe('GET');
    }
    for (const name of Object.keys(OFFLINE_REFRESHES)) {
      expect(table[name], `${name} is not in the route table`).toBeDefined();
      expect(table[name]?.method, name).not.toBe('GET');
    }
    // Each refresh can fill the read's parameters from the write's.
    for (const [name, reads] of Object.entries(OFFLINE_REFRESHES)) {
      const given = [...(table[name]?.path ?? '').matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
      for (const read of reads) {
        for (const [, needed] of routes[read].path.matchAll(/:([A-Za-z]+)/g))
          expect(given, `${name} → ${read}`).toContain(needed);
      }
    }
  });

  it("are written nowhere in the worker's source: the build compiles them in from the table", () => {
    for (const file of fs.readdirSync(SW_DIR)) {
      expect(fs.readFileSync(path.join(SW_DIR, file), 'utf8'), file).not.toContain('/api/');
    }
  });

  it('keep the user’s reads for offline, and only those', () => {
    const worker = builtWorker();
    const kept = [
      '/api/me',
      '/api/planets/music/task',
      '/api/planets/music/logs',
      '/api/gomeum-logs/music',
      '/api/moon/questions',
      '/api/updates',
      '/api/updates/diary-state',
      '/api/updates/u-1',
    ];
    const notKept = [
      '/api/me/export',
      '/api/planets/music/progress',
      '/api/planets/music/reminder',
      '/api/planets/music/logs/l-1',
      '/api/galaxy',
      '/api/chat/messages',
      '/api/notifications',
      '/api/operator/users',
      '/api/files/proofs/a.webp',
    ];
    expect(kept.filter((p) => !worker.keeps(p))).toEqual([]);
    expect(notKept.filter((p) => worker.keeps(p))).toEqual([]);
    expect(worker.dataCache).toBe(OFFLINE_DATA_CACHE);
  });

  it('read again what a write changes, with its parameters', () => {
    const worker = builtWorker();
    const planet = ['/api/planets/music/task', '/api/planets/music/logs'];
    expect(worker.refreshes('PUT', '/api/planets/music/task')).toEqual(planet);
    expect(worker.refreshes('POST', '/api/planets/music/logs')).toEqual(planet);
    expect(worker.refreshes('DELETE', '/api/planets/music/logs/l-1')).toEqual(planet);
    expect(worker.refreshes('PUT', '/api/planets/music/reminder')).toEqual(planet);
    expect(worker.refreshes('POST', '/api/planets/music/seen')).toEqual(planet);
    expect(worker.refreshes('POST', '/api/planets/music/celebration')).toEqual(planet);
    expect(worker.refreshes('POST', '/api/moon/questions/q-1/answer')).toEqual(['/api/moon/questions']);
    expect(worker.refreshes('POST', '/api/updates/seen')).toEqual(['/api/updates/diary-state']);
    expect(worker.refreshes('PUT', '/api/me/locale')).toEqual(['/api/me']);
    expect(worker.refreshes('POST', '/api/chat/messages')).toEqual([]);
    expect(worker.refreshes('PUT', '/api/me/time-zone')).toEqual([]);
  });
});

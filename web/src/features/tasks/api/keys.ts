import type { PlanetId } from '@gomeum/contracts';
import { operatorKey } from '../../../lib/operator-keys.ts';

/**
 * The tasks feature's query keys. Everything of one planet's task sits under `planet(planet)`, so
 * invalidating that refreshes the screen, the logs, the progress and the reminder at once.
 */
export const taskKeys = {
  planet: (planet: PlanetId) => ['tasks', planet] as const,
  screen: (planet: PlanetId) => ['tasks', planet, 'screen'] as const,
  logs: (planet: PlanetId) => ['tasks', planet, 'logs'] as const,
  progress: (planet: PlanetId) => ['tasks', planet, 'progress'] as const,
  reminder: (planet: PlanetId) => ['tasks', planet, 'reminder'] as const,
  /** Gomeum's own log on a planet (the same for every user). */
  gomeumLogs: (planet: PlanetId) => ['gomeum-logs', planet] as const,
  /** The operator's editor of Gomeum's task on a planet, with its log. */
  gomeumTask: (planet: PlanetId) => operatorKey('gomeum-task', planet),
  /** The operator's queue of proofs no one has reacted to yet. */
  waitingProofs: operatorKey('proofs', 'waiting'),
  /** One of them, by id (under the queue's key: refreshing the queue refreshes it). */
  waitingProof: (logId: string) => operatorKey('proofs', 'waiting', logId),
};

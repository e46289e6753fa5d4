import type { PlanetId } from '@gomeum/contracts';

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
};

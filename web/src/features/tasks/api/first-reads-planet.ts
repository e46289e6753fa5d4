import type { PlanetId } from '@gomeum/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { gomeumLogsQuery } from './list-gomeum-logs.ts';
import { taskProgressQuery } from './progress.ts';
import { taskScreenQuery } from './get-task-screen.ts';

/**
 * Reads what a planet's page shows first (the summary of its task), before it renders: the router
 * asks for it on the first page, so the page paints once, with its data.
 */
export async function prefetchPlanetSummary(queryClient: QueryClient, planet: PlanetId) {
  await Promise.all([
    queryClient.query(taskScreenQuery(planet)).catch(() => undefined),
    queryClient.query(taskProgressQuery(planet)).catch(() => undefined),
    queryClient.query(gomeumLogsQuery(planet)).catch(() => undefined),
  ]);
}

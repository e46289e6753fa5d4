import type { PlanetId } from '@gomeum/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { gomeumLogsQuery } from './list-gomeum-logs.ts';
import { taskLogsQuery } from './list-task-logs.ts';
import { taskScreenQuery } from './get-task-screen.ts';

/**
 * Reads what a planet's task page shows first (the screen and both logs), before it renders: the
 * router asks for it on the first page, so the page paints once, with its data.
 */
export async function prefetchTaskPage(queryClient: QueryClient, planet: PlanetId) {
  await Promise.all([
    queryClient.query(taskScreenQuery(planet)).catch(() => undefined),
    queryClient.query(taskLogsQuery(planet)).catch(() => undefined),
    queryClient.query(gomeumLogsQuery(planet)).catch(() => undefined),
  ]);
}

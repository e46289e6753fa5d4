import type { PlanetId } from '@gomeum/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { readFirst } from '../../../lib/first-reads.ts';
import { gomeumLogsQuery } from './list-gomeum-logs.ts';
import { taskProgressQuery } from './progress.ts';
import { taskScreenQuery } from './get-task-screen.ts';

/**
 * Reads what a planet's page shows first (the summary of its task), before it renders: the router
 * asks for it on the first page, so the page paints once, with its data.
 */
export function prefetchPlanetSummary(queryClient: QueryClient, planet: PlanetId) {
  return readFirst('planet', {
    taskScreen: () => queryClient.query(taskScreenQuery(planet)),
    taskProgress: () => queryClient.query(taskProgressQuery(planet)),
    gomeumLogs: () => queryClient.query(gomeumLogsQuery(planet)),
  });
}

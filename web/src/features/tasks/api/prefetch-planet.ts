import type { PlanetId } from '@gomeum/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchPage } from '../../../lib/prefetch-page.ts';
import { gomeumLogsQuery } from './list-gomeum-logs.ts';
import { taskProgressQuery } from './progress.ts';
import { taskScreenQuery } from './get-task-screen.ts';

/**
 * Prefetches a planet page's queries (the summary of its task) before it renders: the app asks for
 * it on its first page, so the page paints once, with its data.
 */
export function prefetchPlanetSummary(queryClient: QueryClient, planet: PlanetId) {
  return prefetchPage('planet', {
    taskScreen: () => queryClient.query(taskScreenQuery(planet)),
    taskProgress: () => queryClient.query(taskProgressQuery(planet)),
    gomeumLogs: () => queryClient.query(gomeumLogsQuery(planet)),
  });
}

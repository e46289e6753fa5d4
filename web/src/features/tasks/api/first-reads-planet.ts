import type { PlanetId } from '@gomeum/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { startApart } from '../../../lib/when-idle.ts';
import { gomeumLogsQuery } from './list-gomeum-logs.ts';
import { taskProgressQuery } from './progress.ts';
import { taskScreenQuery } from './get-task-screen.ts';

/**
 * Reads what a planet's page shows first (the summary of its task), before it renders: the router
 * asks for it on the first page, so the page paints once, with its data.
 */
export async function prefetchPlanetSummary(queryClient: QueryClient, planet: PlanetId) {
  // Each read starts in a task of its own, and they still run side by side: on a page the server
  // drew, each is answered from the page at once, and the three in one task kept a phone from
  // answering a tap for longer than it should wait.
  await startApart([
    () => queryClient.query(taskScreenQuery(planet)),
    () => queryClient.query(taskProgressQuery(planet)),
    () => queryClient.query(gomeumLogsQuery(planet)),
  ]);
}

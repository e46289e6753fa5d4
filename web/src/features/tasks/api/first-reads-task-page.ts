import type { PlanetId } from '@gomeum/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { startApart } from '../../../lib/when-idle.ts';
import { gomeumLogsQuery } from './list-gomeum-logs.ts';
import { taskLogsQuery } from './list-task-logs.ts';
import { taskScreenQuery } from './get-task-screen.ts';
import { taskProgressQuery } from './progress.ts';

/**
 * Reads what a planet's task page shows first (the screen, the progress and both logs), before it
 * renders: the router asks for it on the first page, so the page paints once, with its data (the
 * progress card drawn with it, never pushing the logs down as it arrives).
 */
export async function prefetchTaskPage(queryClient: QueryClient, planet: PlanetId) {
  // Each read starts in a task of its own, and they still run side by side: on a page the server
  // drew, each is answered from the page at once, and the three in one task kept a phone from
  // answering a tap for longer than it should wait.
  await startApart([
    () => queryClient.query(taskScreenQuery(planet)),
    () => queryClient.query(taskProgressQuery(planet)),
    () => queryClient.query(taskLogsQuery(planet)),
    () => queryClient.query(gomeumLogsQuery(planet)),
  ]);
}

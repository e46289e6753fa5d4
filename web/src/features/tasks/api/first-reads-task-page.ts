import type { PlanetId } from '@gomeum/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { readFirst } from '../../../lib/first-reads.ts';
import { gomeumLogsQuery } from './list-gomeum-logs.ts';
import { taskLogsQuery } from './list-task-logs.ts';
import { taskScreenQuery } from './get-task-screen.ts';
import { taskProgressQuery } from './progress.ts';

/**
 * Reads what a planet's task page shows first (the screen, the progress and both logs), before it
 * renders: the router asks for it on the first page, so the page paints once, with its data (the
 * progress card drawn with it, never pushing the logs down as it arrives).
 */
export function prefetchTaskPage(queryClient: QueryClient, planet: PlanetId) {
  return readFirst('task', {
    taskScreen: () => queryClient.query(taskScreenQuery(planet)),
    taskProgress: () => queryClient.query(taskProgressQuery(planet)),
    taskLogs: () => queryClient.query(taskLogsQuery(planet)),
    gomeumLogs: () => queryClient.query(gomeumLogsQuery(planet)),
  });
}

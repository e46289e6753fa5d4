import type { PlanetId } from '@gomeum/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchPage } from '../../../lib/prefetch-page.ts';
import { gomeumLogsQuery } from './list-gomeum-logs.ts';
import { taskLogsQuery } from './list-task-logs.ts';
import { taskScreenQuery } from './get-task-screen.ts';
import { taskProgressQuery } from './progress.ts';
import { reminderQuery } from './reminder.ts';

/**
 * Prefetches a planet's task page's queries (the screen, the progress, both logs and the
 * reminder) before it renders: the app asks for it on its first page, so the page paints once,
 * with its data (the progress card rendered with it, never pushing the logs down as it arrives; the
 * reminder's switch there to press before the app has arrived).
 */
export function prefetchTaskPage(queryClient: QueryClient, planet: PlanetId) {
  return prefetchPage('task', {
    taskScreen: () => queryClient.query(taskScreenQuery(planet)),
    taskProgress: () => queryClient.query(taskProgressQuery(planet)),
    taskLogs: () => queryClient.query(taskLogsQuery(planet)),
    gomeumLogs: () => queryClient.query(gomeumLogsQuery(planet)),
    reminder: () => queryClient.query(reminderQuery(planet)),
  });
}

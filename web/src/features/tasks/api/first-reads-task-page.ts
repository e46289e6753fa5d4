import type { PlanetId } from '@gomeum/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { nextTask } from '../../../lib/when-idle.ts';
import { gomeumLogsQuery } from './list-gomeum-logs.ts';
import { taskLogsQuery } from './list-task-logs.ts';
import { taskScreenQuery } from './get-task-screen.ts';

/**
 * Reads what a planet's task page shows first (the screen and both logs), before it renders: the
 * router asks for it on the first page, so the page paints once, with its data.
 */
export async function prefetchTaskPage(queryClient: QueryClient, planet: PlanetId) {
  // Each read starts in a task of its own, and they still run side by side: on a page the server
  // drew, each is answered from the page at once, and the three in one task kept a phone from
  // answering a tap for longer than it should wait.
  const first = queryClient.query(taskScreenQuery(planet)).catch(() => undefined);
  await nextTask();
  const second = queryClient.query(taskLogsQuery(planet)).catch(() => undefined);
  await nextTask();
  const third = queryClient.query(gomeumLogsQuery(planet)).catch(() => undefined);
  await Promise.all([first, second, third]);
}

import type { PlanetId, TaskLog } from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { api } from '../../../lib/api-client.ts';
import { useLiveEvent, useLiveOpen } from '../../../lib/live/index.ts';
import { taskKeys } from './keys.ts';

/** The user's log on a planet, newest first. */
export function listTaskLogs(planet: PlanetId) {
  return api(routes.taskLogs, { params: { planetId: planet } });
}

/** Query options for the user's log on a planet. */
export function taskLogsQuery(planet: PlanetId) {
  return queryOptions({ queryKey: taskKeys.logs(planet), queryFn: () => listTaskLogs(planet) });
}

/**
 * The user's log on a planet. Gomeum's reactions arrive live and take their place under their
 * proof; after a reconnect the log is read again, in case one came meanwhile.
 */
export function useTaskLogs(planet: PlanetId) {
  const queryClient = useQueryClient();
  const { queryKey } = taskLogsQuery(planet);
  const query = useQuery(taskLogsQuery(planet));
  // Since the log was read: on a rendered page this part may hydrate after the socket opened.
  useLiveEvent(
    'proof.reaction',
    ({ reaction }) => {
      if (reaction.planet !== planet) return;
      const list = queryClient.getQueryData<{ items: TaskLog[] }>(queryKey);
      if (!list?.items.some((log) => log.id === reaction.logId)) {
        void queryClient.invalidateQueries({ queryKey });
        return;
      }
      queryClient.setQueryData<{ items: TaskLog[] }>(queryKey, {
        items: list.items.map((log) => (log.id === reaction.logId ? { ...log, reaction } : log)),
      });
    },
    query.dataUpdatedAt,
  );
  // The first open comes with the first fetch; only later ones (reconnects) read the log again.
  const opened = useRef(false);
  useLiveOpen(() => {
    if (opened.current) void queryClient.invalidateQueries({ queryKey });
    opened.current = true;
  });
  return query;
}

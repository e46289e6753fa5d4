import { API, taskLogListSchema, type PlanetId } from '@gomeum/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The user's log on a planet, newest first. */
export function listTaskLogs(planet: PlanetId) {
  return apiRequest('GET', API.planetLogs(planet), taskLogListSchema);
}

/** Query options for the user's log on a planet. */
export function taskLogsQuery(planet: PlanetId) {
  return queryOptions({ queryKey: ['tasks', planet, 'logs'] as const, queryFn: () => listTaskLogs(planet) });
}

/** The user's log on a planet. */
export function useTaskLogs(planet: PlanetId) {
  return useQuery(taskLogsQuery(planet));
}

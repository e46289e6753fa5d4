import { API, taskScreenSchema, type PlanetId } from '@gomeum/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Everything the task screen of a planet shows. */
export function getTaskScreen(planet: PlanetId) {
  return apiRequest('GET', API.planetTask(planet), taskScreenSchema);
}

/** Query options for a planet's task screen. */
export function taskScreenQuery(planet: PlanetId) {
  return queryOptions({ queryKey: ['tasks', planet, 'screen'] as const, queryFn: () => getTaskScreen(planet) });
}

/** The task screen's data for a planet. */
export function useTaskScreen(planet: PlanetId) {
  return useQuery(taskScreenQuery(planet));
}

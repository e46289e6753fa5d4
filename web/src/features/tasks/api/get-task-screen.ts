import type { PlanetId } from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { taskKeys } from './keys.ts';

/** Everything the task screen of a planet shows. */
export function getTaskScreen(planet: PlanetId) {
  return api(routes.taskScreen, { params: { planetId: planet } });
}

/** Query options for a planet's task screen. */
export function taskScreenQuery(planet: PlanetId) {
  return queryOptions({ queryKey: taskKeys.screen(planet), queryFn: () => getTaskScreen(planet) });
}

/** The task screen's data for a planet. */
export function useTaskScreen(planet: PlanetId) {
  return useQuery(taskScreenQuery(planet));
}

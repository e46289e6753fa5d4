import type { PlanetId, ReminderBody } from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { taskKeys } from './keys.ts';

export type { ReminderBody };

/** Query options for the reminder of the user's task on a planet (null: never set). */
export function reminderQuery(planet: PlanetId) {
  return queryOptions({
    queryKey: taskKeys.reminder(planet),
    queryFn: () => api(routes.reminder, { params: { planetId: planet } }),
  });
}

/** The reminder of the user's task on a planet. */
export function useReminder(planet: PlanetId) {
  return useQuery(reminderQuery(planet));
}

/** Sets (or turns off) the reminder; the answer, with its next time, replaces the cached one. */
export function useSaveReminder(planet: PlanetId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReminderBody) => api(routes.setReminder, { params: { planetId: planet }, body }),
    onSuccess: (result) => queryClient.setQueryData(reminderQuery(planet).queryKey, result),
  });
}

import { REMINDER_API, reminderResultSchema, type PlanetId, type ReminderBody } from '@gomeum/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type { ReminderBody };

/** Query options for the reminder of the user's task on a planet (null: never set). */
export function reminderQuery(planet: PlanetId) {
  return queryOptions({
    queryKey: ['tasks', planet, 'reminder'] as const,
    queryFn: () => apiRequest('GET', REMINDER_API.reminder(planet), reminderResultSchema),
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
    mutationFn: (body: ReminderBody) => apiRequest('PUT', REMINDER_API.reminder(planet), reminderResultSchema, body),
    onSuccess: (result) => queryClient.setQueryData(reminderQuery(planet).queryKey, result),
  });
}

import { operatorUserTaskSchema, userTaskSchema, type PlanetId } from '@gomeum/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const path = (userId: string, planet: PlanetId) => `/api/operator/users/${encodeURIComponent(userId)}/tasks/${planet}`;

/** A user's task and log on a planet. */
export function getUserTask(userId: string, planet: PlanetId) {
  return apiRequest('GET', path(userId, planet), operatorUserTaskSchema);
}

/** A user's task and log on a planet, for the operator. */
export function useUserTask(userId: string, planet: PlanetId) {
  return useQuery({ queryKey: ['operator', 'user-task', userId, planet], queryFn: () => getUserTask(userId, planet) });
}

/** The operator edits a user's task (here: its proof). */
export function updateUserTask(userId: string, planet: PlanetId, edit: { proof: string }) {
  return apiRequest('PUT', path(userId, planet), userTaskSchema, edit);
}

/** Edits a user's task and refreshes what the dashboard shows of it. */
export function useUpdateUserTask(userId: string, planet: PlanetId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: { proof: string }) => updateUserTask(userId, planet, edit),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['operator', 'user-task', userId, planet] }),
  });
}

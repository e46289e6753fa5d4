import type { PlanetId } from '@gomeum/contracts';
import * as operatorRoutes from '@gomeum/contracts/operator-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { dashboardKeys } from './keys.ts';

/** A user's task and log on a planet. */
export function getUserTask(userId: string, planet: PlanetId) {
  return api(operatorRoutes.userTask, { params: { userId, planetId: planet } });
}

/** A user's task and log on a planet, for the operator. */
export function useUserTask(userId: string, planet: PlanetId) {
  return useQuery({ queryKey: dashboardKeys.userTask(userId, planet), queryFn: () => getUserTask(userId, planet) });
}

/** The operator edits a user's task (here: its proof). */
export function updateUserTask(userId: string, planet: PlanetId, edit: { proof: string }) {
  return api(operatorRoutes.editUserTask, { params: { userId, planetId: planet }, body: edit });
}

/** Edits a user's task and refreshes what the dashboard shows of it. */
export function useUpdateUserTask(userId: string, planet: PlanetId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: { proof: string }) => updateUserTask(userId, planet, edit),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.userTask(userId, planet) }),
  });
}

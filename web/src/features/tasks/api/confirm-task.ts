import type { ConfirmTaskWithGoalBody, PlanetId } from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { taskScreenQuery } from './get-task-screen.ts';
import { taskKeys } from './keys.ts';

/** Sets and confirms the user's description, reward and goal (once). */
export function confirmTask(planet: PlanetId, body: ConfirmTaskWithGoalBody) {
  return api(routes.confirmTask, { params: { planetId: planet }, body });
}

/** Confirms the task and puts the result straight into the screen's cache. */
export function useConfirmTask(planet: PlanetId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmTaskWithGoalBody) => confirmTask(planet, body),
    onSuccess: (userTask) => {
      queryClient.setQueryData(taskScreenQuery(planet).queryKey, (screen) =>
        screen ? { ...screen, userTask } : screen,
      );
      void queryClient.invalidateQueries({ queryKey: taskKeys.progress(planet) });
    },
  });
}

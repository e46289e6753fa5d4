import type { PlanetId } from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { taskKeys } from './keys.ts';

/** Deletes one of the user's own proofs (and its photo). */
export function deleteProof(planet: PlanetId, logId: string) {
  return api(routes.deleteProof, { params: { planetId: planet, logId } });
}

/** Deletes a proof; the log, the task and its progress are fetched again. */
export function useDeleteProof(planet: PlanetId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (logId: string) => deleteProof(planet, logId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.planet(planet) }),
  });
}

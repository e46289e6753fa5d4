import { deleteProofResultSchema, proofPath, type PlanetId } from '@gomeum/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Deletes one of the user's own proofs (and its photo). */
export function deleteProof(planet: PlanetId, logId: string) {
  return apiRequest('DELETE', proofPath(planet, logId), deleteProofResultSchema);
}

/** Deletes a proof; the log, the task and its progress are fetched again. */
export function useDeleteProof(planet: PlanetId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (logId: string) => deleteProof(planet, logId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tasks', planet] }),
  });
}

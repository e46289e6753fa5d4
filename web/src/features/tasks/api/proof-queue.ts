import type { ProofReactionBody, WaitingProof } from '@gomeum/contracts';
import * as operatorRoutes from '@gomeum/contracts/operator-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.ts';
import { taskKeys } from './keys.ts';

const queueKey = taskKeys.waitingProofs;

/** Proofs no one has reacted to yet, newest first. */
export function useWaitingProofs() {
  return useQuery({
    queryKey: queueKey,
    queryFn: async () => (await api(operatorRoutes.waitingProofs)).items,
  });
}

/**
 * One waiting proof, by id, however far down the queue (the list holds the first hundred only):
 * shown at once from the list when it is there. Gone (404) once reacted to or deleted.
 */
export function useWaitingProof(logId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: taskKeys.waitingProof(logId),
    queryFn: () => api(operatorRoutes.waitingProof, { params: { logId } }),
    placeholderData: () => queryClient.getQueryData<WaitingProof[]>(queueKey)?.find((proof) => proof.id === logId),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

/** Reads the queue again (a proof arrived, was deleted, or was reacted to elsewhere). */
export function useRefreshWaitingProofs() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: queueKey });
}

/** Gomeum (the operator) replies to one proof; it leaves the queue at once. */
export function useReplyToProof() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ logId, ...body }: { logId: string } & ProofReactionBody) =>
      api(operatorRoutes.replyToProof, { params: { logId }, body }),
    onSettled: (_data, error, { logId }) => {
      // Replied, or someone (another dashboard, the AI) was first: either way it is no longer waiting.
      if (!error || ('status' in error && error.status === 409)) {
        queryClient.setQueryData<WaitingProof[]>(queueKey, (list) => list?.filter((proof) => proof.id !== logId));
      }
      void queryClient.invalidateQueries({ queryKey: queueKey });
    },
  });
}

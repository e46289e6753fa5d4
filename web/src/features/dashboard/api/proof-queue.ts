import { proofReactionReplySchema, REACTION_API, waitingProofListSchema, type WaitingProof } from '@gomeum/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const queueKey = ['operator', 'proofs', 'waiting'] as const;

/** Proofs no one has reacted to yet, newest first. */
export function useWaitingProofs() {
  return useQuery({
    queryKey: queueKey,
    queryFn: async () => (await apiRequest('GET', REACTION_API.waiting, waitingProofListSchema)).items,
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
    mutationFn: ({ logId, content }: { logId: string; content: string }) =>
      apiRequest('POST', REACTION_API.replyTo(logId), proofReactionReplySchema, { content }),
    onSettled: (_data, error, { logId }) => {
      // Replied, or someone (another dashboard, the AI) was first: either way it is no longer waiting.
      if (!error || ('status' in error && error.status === 409)) {
        queryClient.setQueryData<WaitingProof[]>(queueKey, (list) => list?.filter((proof) => proof.id !== logId));
      }
      void queryClient.invalidateQueries({ queryKey: queueKey });
    },
  });
}

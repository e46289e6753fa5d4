import type { WaitingProof } from '@gomeum/contracts';
import * as operatorRoutes from '@gomeum/contracts/operator-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { taskKeys } from './keys.ts';

const queueKey = taskKeys.waitingProofs;

/** Proofs no one has reacted to yet, newest first. */
export function useWaitingProofs() {
  return useQuery({
    queryKey: queueKey,
    queryFn: async () => (await api(operatorRoutes.waitingProofs)).items,
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
      api(operatorRoutes.replyToProof, { params: { logId }, body: { content } }),
    onSettled: (_data, error, { logId }) => {
      // Replied, or someone (another dashboard, the AI) was first: either way it is no longer waiting.
      if (!error || ('status' in error && error.status === 409)) {
        queryClient.setQueryData<WaitingProof[]>(queueKey, (list) => list?.filter((proof) => proof.id !== logId));
      }
      void queryClient.invalidateQueries({ queryKey: queueKey });
    },
  });
}

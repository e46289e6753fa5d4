import * as operatorRoutes from '@gomeum/contracts/operator-routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLiveEvent, useLiveOpen } from '../../../lib/live/index.ts';
import { chatKeys } from './keys.ts';

const queueKey = chatKeys.queue;

/**
 * Everything waiting for Gomeum, oldest first: conversations and proofs. Read again live, on each
 * message, read mark and change to the proofs waiting, and on every (re)connect.
 */
export function useOperatorQueue() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queueKey });
  useLiveEvent('chat.message', refresh);
  useLiveEvent('proof.queue_changed', refresh);
  useLiveEvent('proof.reaction', refresh);
  useLiveOpen(refresh);
  return useQuery({
    queryKey: queueKey,
    queryFn: async () => (await api(operatorRoutes.operatorQueue)).items,
  });
}

import * as operatorRoutes from '@gomeum/contracts/operator-routes';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLiveEvent, useLiveOpen } from '../../../lib/live/index.ts';
import { applyQueueItem, withoutUser, type QueuePages } from './inbox-changes.ts';
import { chatKeys } from './keys.ts';

const queueKey = chatKeys.queue;

/**
 * Everything waiting for Gomeum, oldest first: conversations and proofs, a page at a time. Each
 * live change of an item (it entered, changed or left) is applied to the pages held; the whole
 * queue is read again only when the connection (re)opens.
 */
export function useOperatorQueue() {
  const queryClient = useQueryClient();
  useLiveEvent('operator.queue', (change) => {
    queryClient.setQueryData<QueuePages>(queueKey, (data) => applyQueueItem(data, change));
  });
  useLiveEvent('operator.user_removed', ({ userId }) => {
    queryClient.setQueryData<QueuePages>(queueKey, (data) => withoutUser(data, userId));
  });
  useLiveOpen(() => void queryClient.invalidateQueries({ queryKey: queueKey }));
  return useInfiniteQuery({
    queryKey: queueKey,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      api(operatorRoutes.operatorQueue, { query: pageParam === undefined ? {} : { cursor: pageParam } }),
    getNextPageParam: (last) => last.next ?? undefined,
    select: (data) => data.pages.flatMap((page) => page.items),
  });
}

import type { NotificationBody } from '@gomeum/contracts';
import * as operatorRoutes from '@gomeum/contracts/operator-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notificationKeys } from './keys.ts';

/** How often the history is read again while a broadcast's push delivery is under way. */
const SENDING_REFRESH_MS = 2000;

/** Past broadcasts, newest first, each with how its push delivery went. */
export function useBroadcastHistory() {
  return useQuery({
    queryKey: notificationKeys.sent,
    queryFn: async () => (await api(operatorRoutes.sentNotifications)).notifications,
    refetchInterval: (query) =>
      query.state.data?.some((item) => item.push.state === 'sending') ? SENDING_REFRESH_MS : false,
  });
}

/** Sends a broadcast to every user: live to open tabs, by push to the others. */
export function useSendBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationBody) => api(operatorRoutes.broadcast, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.sent }),
  });
}

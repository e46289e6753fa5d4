import { API, sentNotificationListSchema, sentNotificationSchema, type NotificationBody } from '@gomeum/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** How often the history is read again while a broadcast's push delivery is under way. */
const SENDING_REFRESH_MS = 2000;

/** Past broadcasts, newest first, each with how its push delivery went. */
export function useBroadcastHistory() {
  return useQuery({
    queryKey: ['operator', 'broadcasts'],
    queryFn: async () => (await apiRequest('GET', API.operatorNotifications, sentNotificationListSchema)).notifications,
    refetchInterval: (query) =>
      query.state.data?.some((item) => item.push.state === 'sending') ? SENDING_REFRESH_MS : false,
  });
}

/** Sends a broadcast to every user: live to open tabs, by push to the others. */
export function useSendBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationBody) => apiRequest('POST', API.operatorNotifications, sentNotificationSchema, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['operator', 'broadcasts'] }),
  });
}

import { API, notificationListSchema, notificationSchema, type NotificationBody } from '@gomeum/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Past broadcasts, newest first. */
export function useBroadcastHistory() {
  return useQuery({
    queryKey: ['operator', 'broadcasts'],
    queryFn: async () => (await apiRequest('GET', API.notifications, notificationListSchema)).notifications,
  });
}

/** Sends a broadcast to every user: live to open tabs, by push to the others. */
export function useSendBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationBody) => apiRequest('POST', API.operatorNotifications, notificationSchema, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['operator', 'broadcasts'] }),
  });
}

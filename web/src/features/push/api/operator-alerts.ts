import type { OperatorAlertsState } from '@gomeum/contracts';
import * as operatorRoutes from '@gomeum/contracts/operator-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { serviceWorkerSupported } from '../service-worker.ts';
import { pushKeys } from './keys.ts';

/** This device's operator alerts: its push endpoint (null: not subscribed here) and the server's switch. */
export interface DeviceAlerts extends OperatorAlertsState {
  endpoint: string | null;
}

/** This browser's push endpoint, or null when it holds no subscription. */
export async function currentEndpoint(): Promise<string | null> {
  if (!serviceWorkerSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription?.endpoint ?? null;
}

/** Whether the operator's alerts come to this device; asked only while push is on here. */
export function useDeviceAlerts(pushOn: boolean) {
  return useQuery({
    queryKey: pushKeys.operatorAlerts,
    enabled: pushOn,
    queryFn: async (): Promise<DeviceAlerts> => {
      const endpoint = await currentEndpoint();
      if (!endpoint) return { endpoint, subscribed: false, enabled: false };
      return { endpoint, ...(await api(operatorRoutes.operatorAlerts, { body: { endpoint } })) };
    },
  });
}

/**
 * Turns this device's alerts on or off. `prepare` runs first (turning push on when it is off
 * here): the device must hold a subscription the server knows.
 */
export function useSetDeviceAlerts(prepare: () => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (enabled: boolean): Promise<DeviceAlerts> => {
      if (enabled) await prepare();
      const endpoint = await currentEndpoint();
      if (!endpoint) throw new Error('no push subscription on this device');
      return { endpoint, ...(await api(operatorRoutes.setOperatorAlerts, { body: { endpoint, enabled } })) };
    },
    onSuccess: (state) => queryClient.setQueryData(pushKeys.operatorAlerts, state),
  });
}

import * as operatorRoutes from '@gomeum/contracts/operator-routes';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { updatesKeys } from './keys.ts';

/** An update's popup links to share, signed by the server (one per language it has a title in); read while `enabled`. */
export function useUpdatePopupLinks(id: string, enabled: boolean) {
  return useQuery({
    queryKey: updatesKeys.popupLinks(id),
    queryFn: async () => (await api(operatorRoutes.updatePopupLinks, { params: { id } })).links,
    enabled,
  });
}

import { routeUrl } from '@gomeum/contracts';
import * as operatorRoutes from '@gomeum/contracts/operator-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { isOperatorViewAbout, OPERATOR_VIEWS } from '../../../lib/operator-keys.ts';
import { downloadArchive } from './account.ts';

// The operator's actions on a user's account, apart from the user's own: only the dashboard loads them.

/** The operator downloads one user's data. */
export function useDownloadUserData(userId: string) {
  return useMutation({ mutationFn: () => downloadArchive(routeUrl(operatorRoutes.exportUserData, { userId })) });
}

/**
 * The operator deletes one user (the id is sent again as the confirmation). `onDeleted` runs
 * first, so the dashboard leaves that user's views before anything is read again; then their
 * cached views are dropped and every operator list is read again.
 */
export function useDeleteUser(userId: string, options: { onDeleted?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(operatorRoutes.deleteUser, { params: { userId }, body: { confirmUserId: userId } }),
    onSuccess: () => {
      options.onDeleted?.();
      queryClient.removeQueries({
        predicate: (query) => isOperatorViewAbout(query.queryKey, userId),
      });
      void queryClient.invalidateQueries({ queryKey: OPERATOR_VIEWS });
    },
  });
}

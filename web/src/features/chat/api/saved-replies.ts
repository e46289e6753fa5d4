import type { Language, SavedReplyBody } from '@gomeum/contracts';
import * as operatorRoutes from '@gomeum/contracts/operator-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { operatorKey } from '../../../lib/operator-keys.ts';

const key = operatorKey('saved-replies');

/** The operator's saved replies, by shortcut. */
export function useSavedReplies() {
  return useQuery({ queryKey: key, queryFn: async () => (await api(operatorRoutes.savedReplies)).items });
}

/** Keeps a new saved reply. */
export function useAddSavedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedReplyBody) => api(operatorRoutes.addSavedReply, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** Deletes a saved reply. */
export function useDeleteSavedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(operatorRoutes.deleteSavedReply, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** A saved reply filled in for one user: in their language, and in the operator's `reading`. */
export function useSavedReplyFor(userId: string, reading: Language) {
  return (id: string) => api(operatorRoutes.useSavedReply, { params: { userId, id }, body: { reading } });
}

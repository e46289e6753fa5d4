import { API, okSchema, updateListSchema, updateSchema, type UpdateBody } from '@gomeum/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const one = (id: string) => API.operatorUpdate.replace(':id', encodeURIComponent(id));

/** Every update, newest first. */
export function useUpdatesList() {
  return useQuery({
    queryKey: ['operator', 'updates'],
    queryFn: async () => (await apiRequest('GET', API.updates, updateListSchema)).updates,
  });
}

/** Create, edit, delete and attach images to updates; each refreshes the list and the diary. */
export function useUpdateEditor() {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['operator', 'updates'] });
    await queryClient.invalidateQueries({ queryKey: ['updates'] });
  };
  const create = useMutation({
    mutationFn: async ({ body, image }: { body: UpdateBody; image: File | null }) => {
      const update = await apiRequest('POST', API.operatorUpdates, updateSchema, body);
      if (!image) return update;
      const form = new FormData();
      form.append('image', image);
      return apiRequest('PUT', `${one(update.id)}/image`, updateSchema, form);
    },
    onSuccess: refresh,
  });
  const save = useMutation({
    mutationFn: async ({ id, body, image }: { id: string; body: UpdateBody; image: File | null }) => {
      const update = await apiRequest('PUT', one(id), updateSchema, body);
      if (!image) return update;
      const form = new FormData();
      form.append('image', image);
      return apiRequest('PUT', `${one(id)}/image`, updateSchema, form);
    },
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', one(id), okSchema),
    onSuccess: refresh,
  });
  const removeImage = useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `${one(id)}/image`, updateSchema),
    onSuccess: refresh,
  });
  return { create, save, remove, removeImage };
}

import type { UpdateBody } from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import * as operatorRoutes from '@gomeum/contracts/operator-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { uploadRequest, type UploadOptions } from '../../../lib/upload-request.ts';
import { updatesKeys } from './keys.ts';

/** Every update, newest first. */
export function useUpdatesList() {
  return useQuery({
    queryKey: updatesKeys.editor,
    queryFn: async () => (await api(routes.updates)).updates,
  });
}

/** An update's texts and, optionally, an image sent with upload progress (`upload`). */
export interface UpdateWrite {
  body: UpdateBody;
  image: File | null;
  upload?: UploadOptions;
}

/** Attaches an image to an update, reporting progress and stoppable through `upload`. */
function setImage(id: string, image: File, upload?: UploadOptions) {
  const form = new FormData();
  form.append('image', image);
  return uploadRequest(operatorRoutes.setUpdateImage, { id }, form, upload);
}

/** Create, edit, delete and attach images to updates; each refreshes the list and the diary. */
export function useUpdateEditor() {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: updatesKeys.editor });
    await queryClient.invalidateQueries({ queryKey: updatesKeys.all });
  };
  const create = useMutation({
    mutationFn: async ({ body, image, upload }: UpdateWrite) => {
      const update = await api(operatorRoutes.createUpdate, { body });
      return image ? setImage(update.id, image, upload) : update;
    },
    // A cancelled image upload still leaves the update written: the list shows it either way.
    onSettled: refresh,
  });
  const save = useMutation({
    mutationFn: async ({ id, body, image, upload }: UpdateWrite & { id: string }) => {
      const update = await api(operatorRoutes.editUpdate, { params: { id }, body });
      return image ? setImage(id, image, upload) : update;
    },
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api(operatorRoutes.deleteUpdate, { params: { id } }),
    onSuccess: refresh,
  });
  const removeImage = useMutation({
    mutationFn: (id: string) => api(operatorRoutes.removeUpdateImage, { params: { id } }),
    onSuccess: refresh,
  });
  return { create, save, remove, removeImage };
}

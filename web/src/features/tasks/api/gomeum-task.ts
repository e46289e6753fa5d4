import type { GomeumLogFields, PlanetId } from '@gomeum/contracts';
import * as operatorRoutes from '@gomeum/contracts/operator-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { uploadRequest, type UploadOptions } from '../../../lib/upload-request.ts';
import { taskKeys } from './keys.ts';

/** Gomeum's task on a planet and its log. */
export function getGomeumTask(planet: PlanetId) {
  return api(operatorRoutes.gomeumTask, { params: { planetId: planet } });
}

/** Gomeum's task on a planet, for the editor. */
export function useGomeumTask(planet: PlanetId) {
  return useQuery({ queryKey: taskKeys.gomeumTask(planet), queryFn: () => getGomeumTask(planet) });
}

/** A multipart form to send, with its upload's progress and cancel (`upload`). */
export interface FormUpload {
  form: FormData;
  upload?: UploadOptions;
}

/**
 * Saves Gomeum's task: the form's fields (description_en…reward_ko, proof) and an optional image,
 * reporting upload progress and stoppable through `upload`.
 */
export function saveGomeumTask(planet: PlanetId, form: FormData, upload?: UploadOptions) {
  return uploadRequest(operatorRoutes.updateGomeumTask, { planetId: planet }, form, upload);
}

/** Saves Gomeum's task and shows the saved version. */
export function useSaveGomeumTask(planet: PlanetId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, upload }: FormUpload) => saveGomeumTask(planet, form, upload),
    onSuccess: (saved) => queryClient.setQueryData(taskKeys.gomeumTask(planet), saved),
  });
}

/** Writes a new Gomeum log entry on a planet (content and images), with upload progress. */
export function addGomeumLog(planet: PlanetId, form: FormData, upload?: UploadOptions) {
  return uploadRequest(operatorRoutes.addGomeumLog, { planetId: planet }, form, upload);
}

/** Writes a Gomeum log entry; the editor's list and every planet log refresh. */
export function useAddGomeumLog(planet: PlanetId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, upload }: FormUpload) => addGomeumLog(planet, form, upload),
    onSuccess: () => refreshGomeumLogs(queryClient, planet),
  });
}

/** After Gomeum's log changes: the editor's list and every planet log refresh. */
async function refreshGomeumLogs(queryClient: ReturnType<typeof useQueryClient>, planet: PlanetId) {
  await queryClient.invalidateQueries({ queryKey: taskKeys.gomeumTask(planet) });
  await queryClient.invalidateQueries({ queryKey: taskKeys.gomeumLogs(planet) });
}

/** Corrects the text of one of Gomeum's log entries. */
export function useEditGomeumLog(planet: PlanetId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fields }: { id: string; fields: GomeumLogFields }) =>
      api(operatorRoutes.editGomeumLog, { params: { planetId: planet, logId: id }, body: fields }),
    onSuccess: () => refreshGomeumLogs(queryClient, planet),
  });
}

/** Takes back one of Gomeum's log entries (and its images). */
export function useDeleteGomeumLog(planet: PlanetId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(operatorRoutes.deleteGomeumLog, { params: { planetId: planet, logId: id } }),
    onSuccess: () => refreshGomeumLogs(queryClient, planet),
  });
}
